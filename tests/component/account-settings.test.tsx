import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { AccountPanel } from '@/components/options/AccountPanel';
import { DeleteAccount } from '@/components/options/account/DeleteAccount';
import { useAccountClient } from '@/components/options/account/queries';
import { SetPasswordForm } from '@/components/options/account/SetPasswordForm';
import { setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';
import { makePage } from './fixtures';
import { renderPopup } from './render';

/**
 * The options page's Account section against the live server: profile with the username check, change password with
 * its rules said as they are met, where you are signed in, blocked sites, and deleting the account.
 */

const live = setupLiveServer();
const PASSWORD = 'correct-horse-1';

type Server = Awaited<ReturnType<typeof live.signedIn>>;

/** The Account section of a new user; `before` runs once they exist, before the section asks the server anything. */
async function renderAccount(prefix: string, before?: (server: Server) => Promise<unknown>) {
  const server = await live.signedIn(prefix);
  await before?.(server);
  const { token } = await server.access();
  const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
  const rendered = server.render(<AccountPanel user={server.account} />, background);
  return { ...rendered, server, background };
}

/** The Set a password form alone, with the section's client. */
function SetPasswordStandalone() {
  return <SetPasswordForm client={useAccountClient()} />;
}

/** The delete step as an account without a password (made through single sign-on) gets it. */
function DeleteByUsername({ username }: { username: string }) {
  return <DeleteAccount client={useAccountClient()} username={username} hasPassword={false} onDeleted={() => {}} />;
}

/** Another sign-in of the same user, as from another browser. */
async function signInElsewhere(serverUrl: string, identifier: string, userAgent: string) {
  const res = await fetch(`${serverUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify({ identifier, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { refreshToken: string };
}

describe('the Account section', () => {
  it('passes axe with every form shown', async () => {
    const { container } = await renderAccount('axe');
    await screen.findByRole('form', { name: 'Profile' });
    await screen.findByText('No blocked sites.');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  });

  it('says each password rule as it is met, refuses a wrong current password and signs other sign-ins out', async () => {
    const { user, server } = await renderAccount('pass');
    const other = await signInElsewhere(server.serverUrl, server.account.username, 'Mozilla/5.0 Firefox/133.0');
    const form = screen.getByRole('form', { name: 'Change password' });
    const rules = within(form).getByRole('list', { name: 'The new password needs' });
    const unmet = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((li) => li.className === 'unmet').length;
    expect(unmet()).toBe(5);
    await user.type(within(form).getByLabelText('New password'), 'abcdefgh');
    expect(unmet()).toBe(3);
    expect(
      within(rules)
        .getByText(/An upper-case letter/)
        .closest('li')?.className,
    ).toBe('unmet');
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'Abcdefg1!');
    expect(unmet()).toBe(0);
    await user.type(within(form).getByLabelText('New password again'), 'Abcdefg1!');
    await user.type(within(form).getByLabelText('Current password'), 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not right')).toHaveProperty(
      'id',
      'password-current-error',
    );
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByText(/Password changed/)).textContent).toBe(
      'Password changed. 1 other sign-in was signed out.',
    );
    const refreshed = await fetch(`${server.serverUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: other.refreshToken }),
    });
    expect(refreshed.status).toBe(401);
  });

  it('offers Change password to an account with a password; Set a password asks no current password', async () => {
    const { user, server, unmount: closeSection } = await renderAccount('setpw');
    await screen.findByRole('form', { name: 'Change password' });
    expect(screen.queryByRole('form', { name: 'Set a password' })).toBeNull();
    closeSection();
    // the form an account made through single sign-on gets: no current password; this account has one, so a 409
    const { token } = await server.access();
    const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
    const { unmount } = server.render(<SetPasswordStandalone />, background);
    const form = await screen.findByRole('form', { name: 'Set a password' });
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    expect(within(form).getByText(/has no password/).tagName).toBe('P');
    await user.type(within(form).getByLabelText('New password'), 'Another-pass-9');
    await user.type(within(form).getByLabelText('New password again'), 'Another-pass-9');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    const refused = await within(form).findByRole('alert');
    expect(refused.textContent).toContain('Your account has a password: change it with your current password');
    unmount();
  });

  it('checks the username as it is typed, in words, and saves the profile', async () => {
    const { user, server, background } = await renderAccount('prof');
    const taken = await live.signedIn('taken');
    const form = screen.getByRole('form', { name: 'Profile' });
    const username = within(form).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'has space');
    expect(within(form).getByText('Spaces are not allowed.')).toHaveProperty('id', 'profile-username-error');
    await user.clear(username);
    await user.type(username, taken.account.username);
    const status = () => within(form).getByRole('status').textContent;
    await waitFor(() => expect(status()).toBe(`${taken.account.username} is taken`), { timeout: 3000 });
    const fresh = `pr${Date.now().toString(36).slice(-8)}`;
    await user.clear(username);
    await user.type(username, fresh);
    await waitFor(() => expect(status()).toBe(`${fresh} is available`), { timeout: 3000 });
    await user.type(within(form).getByLabelText('Display name'), 'Ada L.');
    // the email's current-password field shows only once the email changes
    expect(within(form).queryByLabelText(/Current password/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect((await within(form).findByText(/saved/)).textContent).toBe('Profile saved.');
    expect(background.client.reloadUser).toHaveBeenCalledOnce();
    const me = await server.call('users/me');
    expect(me).toMatchObject({ username: fresh, display_name: 'Ada L.' });
  });

  it('lists where you are signed in, this browser marked, and signs the others out', async () => {
    const { user } = await renderAccount('sess', (server) =>
      signInElsewhere(
        server.serverUrl,
        server.account.username,
        'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      ),
    );
    const list = await screen.findByRole('listitem', { name: 'Chrome 131 on Linux' });
    expect(
      within(list)
        .getByRole('button', { name: /^Sign out/ })
        .getAttribute('aria-label'),
    ).toBe('Sign out Chrome 131 on Linux');
    expect(screen.getByText('This browser').closest('li')?.getAttribute('aria-label')).toMatch(/\(this browser\)$/);
    await user.click(screen.getByRole('button', { name: 'Sign out all other sign-ins' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Chrome 131 on Linux' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign out all other sign-ins' })).toBeNull();
  });

  it('blocks and unblocks sites, refusing what is not a host, and hands the list to the background', async () => {
    const { user, background } = await renderAccount('block');
    const form = screen.getByRole('form', { name: 'Block a site' });
    const input = within(form).getByLabelText('Site to block');
    await user.type(input, 'https://example.com/page');
    await user.click(within(form).getByRole('button', { name: 'Block' }));
    expect(within(form).getByText(/Enter a host such as example.com/)).toHaveProperty('id', 'blocked-host-error');
    await user.clear(input);
    await user.type(input, '*.News.Example');
    await user.click(within(form).getByRole('button', { name: 'Block' }));
    const list = await screen.findByRole('list', { name: 'Blocked sites' });
    const hosts = () =>
      within(list)
        .queryAllByRole('listitem')
        .map((li) => li.firstChild?.textContent);
    expect(hosts()).toEqual(['*.news.example']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(background.state.blockedSites).toEqual(['*.news.example']);
    await user.click(within(list).getByRole('button', { name: 'Unblock *.news.example' }));
    expect((await screen.findByText(/No blocked sites/)).textContent).toBe('No blocked sites.');
    expect(screen.queryByRole('list', { name: 'Blocked sites' })).toBeNull();
    expect(background.state.blockedSites).toEqual([]);
  });

  it('offers the export first, needs the password, then deletes everything and signs out', async () => {
    const { user, server, background } = await renderAccount('del');
    await server.call('gems', 'POST', { data: { title: 'A page', url: 'https://example.test/page' } });
    const section = screen.getByRole('region', { name: 'Delete your account' });
    // the export comes first
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Export all my data', 'Delete my account…']);
    const open = within(section).getByRole('button', { name: 'Delete my account…' });
    // usable once the section knows how the account confirms (password or username)
    await waitFor(() => expect(open.getAttribute('aria-busy')).toBeNull());
    await user.click(open);
    const form = within(section).getByRole('form', { name: 'Delete your account' });
    await user.type(within(form).getByLabelText('Your password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Delete everything' }));
    expect(await within(form).findByText('The current password is not right')).toHaveProperty(
      'id',
      'delete-password-error',
    );
    await user.clear(within(form).getByLabelText('Your password'));
    await user.type(within(form).getByLabelText('Your password'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(background.client.signOut).toHaveBeenCalledOnce());
    await expect(server.call('users/me')).rejects.toThrow(/401/);
  });
  it('asks an account without a password to type its username; the server still wants a password it has', async () => {
    const { user, server, unmount: closeSection } = await renderAccount('delname');
    closeSection();
    const { token } = await server.access();
    const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
    const { username } = server.account;
    const { unmount } = server.render(<DeleteByUsername username={username} />, background);
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const form = screen.getByRole('form', { name: 'Delete your account' });
    expect(within(form).queryByLabelText('Your password')).toBeNull();
    const typed = within(form).getByLabelText(`Type your username, ${username}, to confirm`);
    const submit = within(form).getByRole('button', { name: 'Delete everything' });
    await user.type(typed, username.slice(0, -1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(typed, username.slice(-1));
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    // this account has a password: the server refuses a username, and the account stays
    const refused = await within(form).findByText(/Type your password to delete your account/);
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    expect((await server.call('users/me')).username).toBe(username);
    unmount();
  });
});

describe('the popup on a blocked site', () => {
  it('says the site is blocked instead of offering to save it, and unblocks it', async () => {
    const fake = new FakeBackground({
      activePage: { ...makePage(), url: 'https://mail.example.com/inbox', blocked: true },
      blockedSites: ['*.example.com'],
    });
    const { user } = renderPopup(fake);
    expect((await screen.findByText(/You blocked/)).textContent).toContain('You blocked mail.example.com:');
    expect(screen.queryByRole('form', { name: 'Save this page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unblock mail.example.com' }));
    expect(await screen.findAllByRole('form', { name: 'Save this page' })).toHaveLength(1);
    expect(screen.queryByText(/You blocked/)).toBeNull();
    expect(fake.calls('unblockSite')).toEqual(['*.example.com']);
  });
});
