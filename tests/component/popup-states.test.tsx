import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { POPUP_MARKS } from '@/components/popup/popup-marks';
import { FakeBackground } from './fake-background';
import { makeCollection, makeGem, makePage, makeTag } from './fixtures';
import { field, findSaveForm, openDetails, renderPopup } from './render';

describe('SavePopup: signed out', () => {
  test('asks to sign in and opens the account section of the options page', async () => {
    const { user, onOpenOptions, fake } = renderPopup(new FakeBackground({ user: null }));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(onOpenOptions).toHaveBeenCalledExactlyOnceWith('account');
    screen.getByText('Sign in to save this page as a gem.');
    // The page it would save, as the tab says it (the page itself is not read).
    expect(document.querySelector('.preview-title')?.textContent).toBe('Hello, world | Example Blog');
    expect(fake.client.getActivePage).not.toHaveBeenCalled();
    expect(fake.client.listCollections).not.toHaveBeenCalled();
  });

  test('a session that ended on the server also shows Sign in', async () => {
    const fake = new FakeBackground();
    fake.failNext('listCollections', {
      kind: 'signed-out',
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    renderPopup(fake);
    await screen.findByRole('button', { name: 'Sign in' });
  });
});

describe('SavePopup: loading and failures', () => {
  test('shows a loading state while the active page is being read', async () => {
    const fake = new FakeBackground();
    const page = fake.holdNext('getActivePage');
    renderPopup(fake);
    await waitFor(() => expect(fake.client.getActivePage).toHaveBeenCalled());
    // The tab's title and address are there at once: the form shows while the page is still being read.
    const form = await screen.findByRole('form', { name: 'Save this page' });
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(field('Title').value).toBe('Hello, world | Example Blog');
    expect(field('Description').value).toBe('');
    page.release();
    await findSaveForm();
    expect(field('Title').value).toBe('Hello, world');
    expect(field('Description').value).toBe('A first post about saying hello.');
  });

  test('shows a skeleton of the form, announced as loading, until the tab answers', async () => {
    const fake = new FakeBackground();
    const tab = fake.holdNext('getActiveTab');
    const { container } = renderPopup(fake);
    await waitFor(() => expect(fake.client.getActiveTab).toHaveBeenCalled());
    // Said to assistive technology by the loading status itself.
    expect(screen.getByRole('status', { name: 'Loading' }).textContent).toBe('Reading the page…');
    expect(container.querySelector('[aria-busy="true"] .preview-card')).toBeTruthy();
    expect(container.querySelectorAll('.popup-skeleton .ui-skeleton').length).toBeGreaterThan(6);
    expect(container.querySelector('.spinner')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    tab.release();
    await findSaveForm();
    expect(screen.queryByText('Reading the page…')).toBeNull();
  });

  test("while the session is asked, the tab's title and site already show where the form will be", async () => {
    const fake = new FakeBackground();
    const session = fake.holdNext('getSession');
    performance.clearMarks(POPUP_MARKS.visible);
    const { container } = renderPopup(fake);
    await waitFor(() =>
      expect(container.querySelector('.preview-title')?.textContent).toBe('Hello, world | Example Blog'),
    );
    expect(container.querySelector('.preview-site')?.getAttribute('title')).toBe(fake.state.activePage.url);
    expect(container.querySelector('[aria-busy="true"] .preview-card')).toBeTruthy();
    screen.getByRole('status', { name: 'Loading' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(performance.getEntriesByName(POPUP_MARKS.visible, 'mark').length).toBe(1);
    session.release();
    await findSaveForm();
    expect(container.querySelectorAll('.preview-card').length).toBe(1);
  });

  test('shows the form with the tab alone, and fills in the collections, tags and "already saved?" as they arrive', async () => {
    const fake = new FakeBackground();
    const held = (['getActivePage', 'listCollections', 'listTags', 'findGemsAtUrl'] as const).map((name) =>
      fake.holdNext(name),
    );
    const { container } = renderPopup(fake);
    const form = await screen.findByRole('form', { name: 'Save this page' });
    // The tab's title and address, before anything else has answered.
    expect(field('Title').value).toBe('Hello, world | Example Blog');
    expect(container.querySelector('.preview-site')?.getAttribute('title')).toBe(fake.state.activePage.url);
    // The picker keeps its place while the list is on its way; it cannot be used (nor a duplicate created) yet.
    const picker = screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement;
    expect(picker.disabled).toBe(true);
    expect(picker.placeholder).toBe('Loading collections…');
    expect(form.getAttribute('aria-busy')).toBe('true');
    for (const hold of held) hold.release();
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    expect(picker.disabled).toBe(false);
    expect(picker.value).toBe('Unfiltered');
    expect(field('Title').value).toBe('Hello, world');
    // Filled in, not replaced.
    expect(screen.getByRole('form', { name: 'Save this page' })).toBe(form);
    expect(screen.getByRole('combobox', { name: 'Collection' })).toBe(picker);
  });

  test('the default collection is filled in when it is only known from the collections', async () => {
    const fake = new FakeBackground();
    fake.state.user = { ...(fake.state.user as NonNullable<typeof fake.state.user>), unfiltered_collection_id: null };
    const collections = fake.holdNext('listCollections');
    renderPopup(fake);
    await screen.findByRole('form', { name: 'Save this page' });
    collections.release();
    await findSaveForm();
    expect((screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement).value).toBe('Unfiltered');
  });

  test('with saves waiting, the form waits for the queue banner above it, so the banner never pushes it down', async () => {
    const fake = new FakeBackground({
      queue: [
        {
          key: 'k1',
          label: 'Earlier page',
          state: 'pending',
          attempts: 1,
          lastError: null,
          createdAt: 0,
          waitingFor: null,
        },
      ],
    });
    const queue = fake.holdNext('listQueue');
    renderPopup(fake);
    await waitFor(() => expect(fake.client.getActiveTab).toHaveBeenCalled());
    await waitFor(() => screen.getByRole('status', { name: 'Loading' }));
    expect(screen.queryByRole('form')).toBeNull();
    queue.release();
    const form = await screen.findByRole('form', { name: 'Save this page' });
    const banner = screen.getByRole('region', { name: 'Saves not yet on the server' });
    expect(banner.textContent).toContain('1 save waiting for the server');
    expect(!!(banner.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
  });

  test('saves of another account say whose sign-in they wait for, not that they wait for the server', async () => {
    const save = { state: 'pending', attempts: 1, lastError: null, createdAt: 0 } as const;
    const fake = new FakeBackground({
      queue: [
        { ...save, key: 'k1', label: 'Private page', waitingFor: 'ada to sign in' },
        { ...save, key: 'k2', label: 'Other page', waitingFor: 'ada to sign in' },
      ],
    });
    renderPopup(fake);
    await findSaveForm();
    const banner = screen.getByRole('region', { name: 'Saves not yet on the server' });
    expect(banner.textContent).toBe('2 saves wait for ada to sign in');
  });

  test("shows a background failure's message, and Try again loads again", async () => {
    const fake = new FakeBackground();
    const message =
      "Can't reach the Trove server at http://127.0.0.1:8787. Check that it is running and the address is right.";
    fake.failNext('listCollections', { kind: 'offline', status: 0, message });
    const { user } = renderPopup(fake);
    const alert = await screen.findByRole('alert');
    within(alert).getByText(message);
    expect(screen.queryByRole('form')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findSaveForm();
    expect(fake.client.listCollections).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SavePopup: a new page', () => {
  test('prefills the form from the page extract and defaults to Unfiltered', async () => {
    const fake = new FakeBackground();
    const { container, user } = renderPopup(fake);
    await findSaveForm();
    expect(field('Title').value).toBe('Hello, world');
    expect(field('Description').value).toBe('A first post about saying hello.');
    expect(container.querySelector('img.preview-image')?.getAttribute('src')).toBe(
      'https://blog.example.com/cover.png',
    );
    expect(container.querySelector('.preview-title')?.textContent).toBe('Hello, world');
    expect(container.querySelector('.preview-site')?.textContent).toBe('Example Blog · Article');
    // The address and image are behind "Details", not raw fields up front.
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull();
    const details = screen.getByRole('button', { name: /^Details/ });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(details.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
    expect(field('URL').value).toBe('https://blog.example.com/posts/hello-world?utm_source=rss');
    expect(field('Image URL').value).toBe('https://blog.example.com/cover.png');
    await user.click(details);
    expect(screen.queryByRole('textbox', { name: 'URL' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement).value).toBe('Unfiltered');
    expect((screen.getByRole('button', { name: 'Save gem' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Already saved/)).toBeNull();
    expect(fake.calls('findGemsAtUrl')).toEqual(['https://blog.example.com/posts/hello-world?utm_source=rss']);
  });

  test('falls back to the tab title when the page cannot be read, with no image', async () => {
    const fake = new FakeBackground({ activePage: makePage({ extract: null, title: 'Chrome Web Store' }) });
    const { container } = renderPopup(fake);
    await findSaveForm();
    expect(field('Title').value).toBe('Chrome Web Store');
    expect(field('Description').value).toBe('');
    expect(container.querySelector('img')).toBeNull();
  });

  test('updates the image preview when the image URL changes', async () => {
    const { user, container } = renderPopup();
    await findSaveForm();
    await openDetails(user);
    await user.clear(field('Image URL'));
    expect(container.querySelector('img')).toBeNull();
    await user.type(field('Image URL'), 'https://cdn.example.com/x.jpg');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/x.jpg');
  });
});

describe('SavePopup: a page already saved', () => {
  /** The fixtures' NOW as a day, in the tests' locale (en-US). */
  const SAVED_DAY = 'May 14, 2024';
  function alreadySaved() {
    const gem = makeGem(42, {
      title: 'My saved title',
      description: 'My notes',
      // Saved with different tracking and fragment: the same page by its canonical URL.
      url: 'https://BLOG.example.com/posts/hello-world#comments',
      image: 'https://blog.example.com/saved.png',
      collectionId: 4,
      tags: [makeTag(1, 'JavaScript')],
    });
    return new FakeBackground({ gems: [gem] });
  }

  test('says where it is saved and shows the saved values', async () => {
    const { user } = renderPopup(alreadySaved());
    const form = await findSaveForm('Edit saved gem');
    const notice = within(form)
      .getAllByRole('status')
      .find((el) => el.textContent?.startsWith('Already saved'));
    // the day written as the library's rows write it, not the ambiguous 5/14/2024
    expect(notice?.textContent).toBe(`Already saved in Work on ${SAVED_DAY}. Changes update that gem.`);
    expect(field('Title').value).toBe('My saved title');
    expect(field('Description').value).toBe('My notes');
    await openDetails(user);
    expect(field('URL').value).toBe('https://BLOG.example.com/posts/hello-world#comments');
    expect(field('Image URL').value).toBe('https://blog.example.com/saved.png');
    expect((screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement).value).toBe('Work');
    within(screen.getByRole('list', { name: 'Tags' })).getByText('JavaScript');
    expect((screen.getByRole('button', { name: 'Update gem' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('a quote, code or image saved from the page is not the page: the popup offers to save the page itself', async () => {
    const url = 'https://blog.example.com/posts/hello-world';
    const fromThePage = [
      makeGem(42, { url, media_type: 'Quote', title: 'To be or not to be' }),
      makeGem(43, { url, media_type: 'Code', title: 'Code from Hello' }),
      makeGem(44, { url, media_type: 'Image', title: 'Image from Hello' }),
    ];
    const fake = new FakeBackground({ gems: fromThePage });
    const { user } = renderPopup(fake);
    await findSaveForm('Save this page');
    expect(field('Title').value).toBe('Hello, world');
    await user.click(screen.getByRole('button', { name: 'Save gem' }));

    await screen.findByText(/^Saved in/);
    expect(fake.client.updateGem).not.toHaveBeenCalled();
    expect(fake.state.gems.map((g) => g.media_type)).toEqual(['Article', 'Quote', 'Code', 'Image']);
  });

  test('the notice is by the actions it changes, below the fields (an answer that comes late moves nothing)', async () => {
    renderPopup(alreadySaved());
    const form = await findSaveForm('Edit saved gem');
    const notice = within(form)
      .getAllByRole('status')
      .find((el) => el.textContent?.startsWith('Already saved')) as HTMLElement;
    const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('combobox', { name: 'Tags' }), notice)).toBe(true);
    expect(follows(notice, screen.getByRole('button', { name: 'Update gem' }))).toBe(true);
  });

  test('submitting updates that gem instead of creating another', async () => {
    const fake = alreadySaved();
    const { user } = renderPopup(fake);
    await findSaveForm('Edit saved gem');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Update gem' }));

    expect((await screen.findByText(/Gem updated in/)).textContent).toBe('Gem updated in Work.');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
    expect(fake.calls('updateGem')).toEqual([
      {
        id: 42,
        gem: expect.objectContaining({
          title: 'Renamed',
          description: 'My notes',
          url: 'https://BLOG.example.com/posts/hello-world#comments',
          image: 'https://blog.example.com/saved.png',
          collectionId: 4,
          tags: ['JavaScript'],
        }),
      },
    ]);
    expect(fake.state.gems.map((g) => g.title)).toEqual(['Renamed']);
  });

  test('when the page turns out to be saved already, the form becomes its edit form', async () => {
    const lookup = alreadySaved();
    const hold = lookup.holdNext('findGemsAtUrl');
    renderPopup(lookup);
    await screen.findByRole('form', { name: 'Save this page' });
    hold.release();
    await findSaveForm('Edit saved gem');
    expect(field('Title').value).toBe('My saved title');
    screen.getByRole('heading', { name: 'Edit saved gem' });
  });

  test('a save clicked before the "already saved?" answer makes no second gem: the edit form shows instead', async () => {
    const fake = alreadySaved();
    const hold = fake.holdNext('findGemsAtUrl');
    const { user } = renderPopup(fake);
    await screen.findByRole('form', { name: 'Save this page' });
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    hold.release();
    await findSaveForm('Edit saved gem');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
    expect(fake.client.updateGem).not.toHaveBeenCalled();
    expect(fake.state.gems).toHaveLength(1);
    expect(field('Title').value).toBe('My saved title');
  });

  test('says up front that a page which is not http(s) cannot be saved, and does not look it up', async () => {
    const fake = new FakeBackground({
      activePage: makePage({ url: 'chrome://extensions/', extract: null, title: 'Extensions' }),
      collections: [makeCollection(1, 'Unfiltered', { isUnfiltered: true })],
    });
    renderPopup(fake);
    await screen.findByText("Trove saves web pages (http and https). This page (chrome:) can't be saved.");
    expect(screen.queryByRole('form')).toBeNull();
    expect(fake.client.findGemsAtUrl).not.toHaveBeenCalled();
  });
});

describe('SavePopup: one page structure in every state', () => {
  /** The popup's landmarks: exactly one main region and one h1, its heading. */
  const structure = () => ({
    main: screen.getAllByRole('main').length,
    h1: screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent),
  });

  test('signed out, a new page and a page already saved each have one main region and one h1', async () => {
    const signedOut = renderPopup(new FakeBackground({ user: null }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(structure()).toEqual({ main: 1, h1: ['Save to Trove'] });
    signedOut.unmount();

    const fresh = renderPopup();
    await findSaveForm();
    expect(structure()).toEqual({ main: 1, h1: ['Save to Trove'] });
    fresh.unmount();

    renderPopup(new FakeBackground({ gems: [makeGem(42, { url: 'https://blog.example.com/posts/hello-world' })] }));
    await findSaveForm('Edit saved gem');
    expect(structure()).toEqual({ main: 1, h1: ['Edit saved gem'] });
  });
});

describe('SavePopup: a public page’s Follow link', () => {
  test('on its server’s /follow page, offers Follow, which opens the library on that collection', async () => {
    const fake = new FakeBackground({
      activePage: makePage({ url: 'http://127.0.0.1:8787/follow?collection=ada%2Frecipes', title: 'Follow Recipes' }),
    });
    const { user, onFollowInLibrary } = renderPopup(fake);
    const state = await screen.findByRole('region', { name: 'Follow in Trove' });
    expect(within(state).getByText('ada/recipes').tagName).toBe('STRONG');
    expect(screen.queryByRole('form', { name: 'Save this page' })).toBeNull();
    await user.click(within(state).getByRole('button', { name: 'Follow' }));
    expect(onFollowInLibrary).toHaveBeenCalledExactlyOnceWith('ada/recipes');
  });

  test('another server’s /follow page is a page like any other, to save', async () => {
    const fake = new FakeBackground({
      activePage: makePage({ url: 'https://elsewhere.example.test/follow?collection=ada/recipes' }),
    });
    renderPopup(fake);
    await findSaveForm();
    expect(screen.queryByRole('region', { name: 'Follow in Trove' })).toBeNull();
  });
});
