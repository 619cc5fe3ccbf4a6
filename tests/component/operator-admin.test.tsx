import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminPanel } from '@/components/options/admin/AdminPanel';
import { OptionsApp } from '@/components/options/OptionsApp';
import type { User } from '@/lib/api/contract';
import { createAdminApi } from '@/lib/operator/admin-api';
import { setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';
import { renderWithBackground } from './render';

/**
 * The options page's Administration section and the signed-out forms' operator parts, against a live server of
 * their own (its first account is the admin; the registration mode they change is the server's). The server has a
 * single sign-on provider configured; it is asked only when someone signs in through it, which the fake background
 * plays here (tests/server/oidc.test.ts runs the flow against a real provider).
 */
const live = setupLiveServer(() => ({
  TROVE_OIDC_ISSUER: 'http://127.0.0.1:9/acme',
  TROVE_OIDC_CLIENT_ID: 'trove',
  TROVE_OIDC_CLIENT_SECRET: 'acme-secret',
  TROVE_OIDC_NAME: 'Acme ID',
}));

const signedOutAt = (serverUrl: string) => new FakeBackground({ user: null, serverUrl });
/** The first test's admin (the server's first account): the later tests read and set the server through it. */
let adminApi: ReturnType<typeof createAdminApi>;
let serverUrl = '';
let accounts: { admin: User; member: User };

describe('Administration', () => {
  it('lists users, disables one (signing them out), sets credits, invites, and sets the registration mode', async () => {
    const admin = await live.signedIn('admin');
    const member = await live.signedIn('member');
    expect([admin.account.is_admin, member.account.is_admin]).toEqual([true, false]);
    adminApi = createAdminApi(admin.access);
    serverUrl = admin.serverUrl;
    accounts = { admin: admin.account, member: member.account };
    const { user } = admin.render(
      <AdminPanel selfId={admin.account.id} api={createAdminApi(admin.access)} />,
      new FakeBackground({ user: admin.account }),
    );
    const table = await screen.findByRole('table', { name: 'Users' });
    // a user's rows: what they hold, then the actions across the table
    const rowsOf = async (username: string) => {
      const [row] = await within(table).findAllByRole('rowheader', { name: new RegExp(`^${username}`) });
      const body = row?.closest('tbody');
      if (!body) throw new Error(`no rows for ${username}`);
      return body;
    };
    const memberRow = await rowsOf(member.account.username);
    // no one disables or deletes themselves from here
    const adminRow = await rowsOf(admin.account.username);
    expect(within(adminRow).queryByRole('button', { name: /^Disable/ })).toBeNull();

    await user.click(within(memberRow).getByRole('button', { name: `Disable ${member.account.username}` }));
    await within(memberRow).findByRole('button', { name: `Enable ${member.account.username}` });
    within(memberRow).getByText('Disabled');
    await expect(member.call('users/me')).rejects.toThrow(/401/);

    const credits = within(memberRow).getByRole('textbox', { name: `Credits of ${member.account.username}` });
    await user.clear(credits);
    await user.type(credits, '42');
    await user.click(within(memberRow).getByRole('button', { name: 'Set' }));
    await waitFor(async () => {
      const users = await createAdminApi(admin.access).users();
      expect(users.find((u) => u.id === member.account.id)?.credits).toBe(42);
    });

    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'friend@example.test');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    const shown = await screen.findByText(/^http:\/\/127\.0\.0\.1:\d+\/invitation\/[A-Za-z0-9_-]{22}$/);
    expect(shown.closest('[role="status"]')?.textContent).toContain('Not mailed: hand over this link.');
    await screen.findByText(/friend@example\.test · pending/);

    await user.click(screen.getByRole('radio', { name: 'By invitation' }));
    await waitFor(async () => expect(await createAdminApi(admin.access).registration()).toBe('invite'));
    expect((screen.getByRole('radio', { name: 'By invitation' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows on the options page for admins only', async () => {
    const plain = renderWithBackground(<OptionsApp />, new FakeBackground({ user: accounts.member }));
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
    plain.unmount();
    renderWithBackground(<OptionsApp />, new FakeBackground({ user: accounts.admin }));
    await screen.findByRole('heading', { name: 'Administration' });
  });
});

describe('signed out', () => {
  it('the sign-up form asks for the invitation code, and says when registration is closed', async () => {
    expect(await adminApi.registration()).toBe('invite');
    const first = renderWithBackground(<OptionsApp />, signedOutAt(serverUrl));
    await first.user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await screen.findByRole('textbox', { name: 'Invitation code (from your invitation link)' });
    first.unmount();

    await adminApi.setRegistration('closed');
    const { user } = renderWithBackground(<OptionsApp />, signedOutAt(serverUrl));
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await screen.findByText('Registration is closed on this server: ask its administrator for an account.');
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
    await adminApi.setRegistration('open');
  });

  it('"Forgot password?" says to ask the operator when the server sends no mail', async () => {
    const { user } = renderWithBackground(<OptionsApp />, signedOutAt(serverUrl));
    await user.click(await screen.findByRole('tab', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await screen.findByText(/This server sends no mail\. Ask its operator for a reset link/);
    screen.getByText('npm run trove -- reset-password <your username>');
  });

  it('the sign-in tab offers "Sign in with Acme ID" (the server’s provider) above the password form, and signs in through it', async () => {
    const background = new FakeBackground({
      user: null,
      serverUrl,
      accounts: [{ user: accounts.member, password: 'unused' }],
    });
    const { user } = renderWithBackground(<OptionsApp />, background);
    await user.click(await screen.findByRole('tab', { name: 'Sign in' }));
    const button = await screen.findByRole('button', { name: 'Sign in with Acme ID' });
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(button.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).not.toBe(0);
    await user.click(button);
    expect(await screen.findByText(accounts.member.username, { selector: '.signed-in-as strong' })).toHaveProperty(
      'textContent',
      accounts.member.username,
    );
    expect(background.client.signInWithOidc).toHaveBeenCalledTimes(1);
  });
});
