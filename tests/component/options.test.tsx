import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rememberSignedInHere } from '@/components/options/account-history';
import { OptionsApp } from '@/components/options/OptionsApp';
import { FakeBackground } from './fake-background';
import { makeGem, makeTag } from './fixtures';
import { fieldError, renderWithBackground } from './render';

const signedOut = () => new FakeBackground({ user: null });
const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

/** The gem list's empty state: a titled region saying how to save the first gem. */
async function expectNoGemsYet() {
  const empty = await screen.findByRole('region', { name: 'No gems yet' });
  within(empty).getByRole('heading', { name: 'No gems yet', level: 3 });
  within(empty).getByText('Open a page and click the Trove button to save it.');
}

async function openSignUp(fake = signedOut()) {
  const rendered = renderWithBackground(<OptionsApp />, fake);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Create account' }));
  return rendered;
}

describe('OptionsApp: account', () => {
  test('a new user (no one ever signed in here) starts on Create account', async () => {
    renderWithBackground(<OptionsApp />, signedOut());
    const createAccount = await screen.findByRole('tab', { name: 'Create account' });
    expect(createAccount.getAttribute('aria-selected')).toBe('true');
    screen.getByRole('form', { name: 'Create account' });
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
  });

  test('signed out after someone signed in here shows the Sign in and Create account tabs, Sign in first', async () => {
    const fake = new FakeBackground();
    const { user } = renderWithBackground(<OptionsApp />, fake);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const signIn = await screen.findByRole('tab', { name: 'Sign in' });
    expect(signIn.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe('false');
    screen.getByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('heading', { name: /Your gems/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    screen.getByRole('form', { name: 'Create account' });
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
  });

  test('the tabs work from the keyboard: one tab stop, ←/→ and Home/End switch between Sign in and Create account', async () => {
    rememberSignedInHere();
    const { user } = renderWithBackground(<OptionsApp />, signedOut());
    const signIn = await screen.findByRole('tab', { name: 'Sign in' });
    const createAccount = screen.getByRole('tab', { name: 'Create account' });
    expect(within(screen.getByRole('tablist', { name: 'Account' })).getAllByRole('tab')).toEqual([
      signIn,
      createAccount,
    ]);
    expect([signIn.tabIndex, createAccount.tabIndex]).toEqual([0, -1]);
    expect(
      screen.getByRole('tabpanel', { name: 'Sign in' }).contains(screen.getByRole('form', { name: 'Sign in' })),
    ).toBe(true);

    signIn.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(createAccount);
    expect(createAccount.getAttribute('aria-selected')).toBe('true');
    expect(signIn.getAttribute('aria-selected')).toBe('false');
    expect([signIn.tabIndex, createAccount.tabIndex]).toEqual([-1, 0]);
    expect(
      screen
        .getByRole('tabpanel', { name: 'Create account' })
        .contains(screen.getByRole('form', { name: 'Create account' })),
    ).toBe(true);
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    // Tab goes from the selected tab into its panel.
    await user.tab();
    expect(document.activeElement).toBe(box('Username'));

    createAccount.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(signIn);
    screen.getByRole('form', { name: 'Sign in' });
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(createAccount);
    screen.getByRole('form', { name: 'Create account' });
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(signIn);
    screen.getByRole('form', { name: 'Sign in' });
  });

  test('sign-up validates each field with the spec messages', async () => {
    const { user, fake } = await openSignUp();
    await user.type(box('Username'), 'ada lovelace');
    expect(fieldError('signup-username')).toBe('Spaces are not allowed.');
    await user.clear(box('Username'));
    await user.type(box('Username'), 'ada_l');
    expect(fieldError('signup-username')).toBe('Special Characters are not allowed.');
    await user.clear(box('Username'));
    await user.type(box('Username'), 'abcdefghijklmno');
    expect(fieldError('signup-username')).toBe('Username must be less than 15 Characters.');
    await user.type(box('Email'), 'ada@');
    expect(fieldError('signup-email')).toBe('Email is not valid');
    await user.type(box('Password (8 characters or more)'), 'short');
    expect(fieldError('signup-password')).toBe('Given value is too short');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(fake.client.signUp).not.toHaveBeenCalled();
  });

  test('submitting an empty sign-up form marks every field required', async () => {
    const { user, fake } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(fieldError('signup-username')).toBe('This field is required.');
    expect(fieldError('signup-email')).toBe('This field is required.');
    expect(fieldError('signup-password')).toBe('This field is required.');
    expect(fake.client.signUp).not.toHaveBeenCalled();
  });

  test('signs up, shows who is signed in and the empty gem list, then signs out back to the forms', async () => {
    const { user, fake } = await openSignUp();
    await user.type(box('Username'), 'grace');
    await user.type(box('Email'), 'Grace@Example.com');
    await user.type(box('Password (8 characters or more)'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const signedInAs = await screen.findByText(/Signed in as/);
    expect(signedInAs.textContent).toBe('Signed in as grace (grace@example.com)');
    expect(fake.calls('signUp')).toEqual([
      { username: 'grace', email: 'grace@example.com', password: 'correct horse' },
    ]);
    await expectNoGemsYet();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('tab', { name: 'Sign in' });
    expect(screen.queryByText(/Signed in as/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /Your gems/ })).toBeNull();
    expect(fake.client.signOut).toHaveBeenCalledTimes(1);
  });

  test("the server's field errors appear on the username and email fields", async () => {
    const { user, fake } = await openSignUp();
    await user.type(box('Username'), 'ada');
    await user.type(box('Email'), 'other@example.com');
    await user.type(box('Password (8 characters or more)'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fieldError('signup-username')).toBe('Username or email is already taken'));
    expect(fieldError('signup-email')).toBe('Username or email is already taken');
    expect(fake.calls('signUp')).toHaveLength(1);
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });

  test('signs in with a username and shows a wrong password as an error', async () => {
    rememberSignedInHere();
    const fake = signedOut();
    const { user } = renderWithBackground(<OptionsApp />, fake);
    await user.type(await screen.findByLabelText('Email or username'), 'ada');
    await user.type(box('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid identifier or password');

    await user.clear(box('Password'));
    await user.type(box('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByText(/Signed in as/)).textContent).toBe('Signed in as ada (ada@example.com)');
  });
});

describe('OptionsApp: gems', () => {
  test('lists the gems, newest first, with their type and tags', async () => {
    const fake = new FakeBackground({
      gems: [
        makeGem(2, {
          title: 'Second',
          url: 'https://example.com/2',
          media_type: 'Article',
          tags: [makeTag(1, 'JavaScript')],
        }),
        makeGem(1, { title: 'First', url: 'https://example.com/1' }),
      ],
    });
    renderWithBackground(<OptionsApp />, fake);
    const heading = await screen.findByRole('heading', { name: /Your gems/ });
    // the gems' own list (the Account section has lists too)
    const list = await within(screen.getByRole('region', { name: /Your gems/ })).findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(heading.textContent).toBe('Your gems 2');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Second', 'https://example.com/2'],
      ['First', 'https://example.com/1'],
    ]);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toMatch(/^SecondArticle · .+ · #JavaScript$/);
    expect(screen.queryByText(/No gems yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('loads more gems page by page', async () => {
    const gems = Array.from({ length: 25 }, (_, i) => makeGem(25 - i, { title: `Gem ${25 - i}` }));
    const fake = new FakeBackground({ gems });
    const { user } = renderWithBackground(<OptionsApp />, fake);
    await screen.findByText('Gem 25');
    const gemLinks = () => screen.getAllByRole('link').filter((a) => a.closest('.gem-list'));
    expect(gemLinks()).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe('/library.html');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Gem 1');
    expect(gemLinks()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fake.calls('listGems')).toEqual([
      { page: 1, perPage: 20 },
      { page: 2, perPage: 20 },
    ]);
  });

  test('shows the empty state when there are no gems', async () => {
    renderWithBackground(<OptionsApp />, new FakeBackground());
    await expectNoGemsYet();
  });

  test('a failed load says why and offers Retry, which loads the list', async () => {
    const fake = new FakeBackground({ gems: [makeGem(3, { title: 'Back again' })] });
    fake.failNext('listGems', { message: 'The server had a problem.' });
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server had a problem.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Back again' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('highlights the gem named in the address', async () => {
    window.location.hash = '#gem-7';
    renderWithBackground(<OptionsApp />, new FakeBackground({ gems: [makeGem(8), makeGem(7)] }));
    await screen.findByText('Gem 7');
    expect(document.getElementById('gem-7')?.className).toBe('highlight');
    expect(document.getElementById('gem-8')?.className).toBe('');
  });
});

describe('OptionsApp: server', () => {
  test('saving the server URL calls setServerUrl and confirms', async () => {
    const fake = new FakeBackground();
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const input = (await screen.findByLabelText('Trove server URL')) as HTMLInputElement;
    expect(input.value).toBe('http://127.0.0.1:8787');
    const save = screen.getByRole('button', { name: 'Save server' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.clear(input);
    await user.type(input, 'https://trove.example.com/');
    await user.click(save);
    expect(fake.calls('setServerUrl')).toEqual(['https://trove.example.com/']);
    await screen.findByText('Server saved.');
    expect((screen.getByLabelText('Trove server URL') as HTMLInputElement).value).toBe('https://trove.example.com');
    // Changing server signs out.
    await screen.findByRole('tab', { name: 'Sign in' });
    // Still there once the new session has rendered (the settings are not remounted by the change).
    screen.getByText('Server saved.');
    expect(screen.getByLabelText('Trove server URL')).toBe(input);
  });

  test('shows why a server URL was refused', async () => {
    const fake = new FakeBackground();
    fake.failNext('setServerUrl', {
      kind: 'unknown',
      status: 0,
      message: 'Server URL must start with http:// or https://',
    });
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const input = await screen.findByLabelText('Trove server URL');
    await user.clear(input);
    await user.type(input, 'ftp://trove.example.com');
    await user.click(screen.getByRole('button', { name: 'Save server' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server URL must start with http:// or https://');
  });
});

describe('OptionsApp: On this page', () => {
  const contents = () =>
    within(screen.getByRole('navigation', { name: 'On this page' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  /** Each section heading of the page (level 2, with an id): its own words and the address of its place. */
  const sectionHeadings = () =>
    screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.id)
      .map((h) => [h.firstChild?.textContent?.trim(), `#${h.id}`]);

  test('links to each section of the page in its order, and follows the sections as the user signs out', async () => {
    const { user } = renderWithBackground(<OptionsApp />, new FakeBackground({ gems: [makeGem(1)] }));
    await screen.findByRole('heading', { name: /Your gems/ });
    await waitFor(() => expect(contents()).toEqual(sectionHeadings()));
    expect(contents().map(([title]) => title)).toEqual(
      expect.arrayContaining(['Server', 'Account', 'AI settings', 'Keyboard shortcuts', 'Appearance', 'Your gems']),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('tab', { name: 'Sign in' });
    await waitFor(() => expect(contents().map(([title]) => title)).not.toContain('Your gems'));
    expect(contents()).toEqual(sectionHeadings());
  });
});
