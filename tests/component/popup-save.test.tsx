import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FakeBackground } from './fake-background';
import { makePage } from './fixtures';
import { field, fieldError, findSaveForm, openDetails, renderPopup } from './render';

const OFFLINE =
  "Can't reach the Trove server at http://127.0.0.1:8787. Check that it is running and the address is right.";

/** Fills in the popup the way a user would: a new title, a collection and two tags. */
async function fillIn(user: ReturnType<typeof renderPopup>['user']) {
  await findSaveForm();
  await user.clear(field('Title'));
  await user.type(field('Title'), 'Hello again');
  await user.click(screen.getByRole('combobox', { name: 'Collection' }));
  await user.click(screen.getByRole('option', { name: /^Recipes \/ Desserts/ }));
  await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'alpha{Enter}beta,');
}

const saveButton = () => screen.getByRole('button', { name: /Save gem|Saving…/ }) as HTMLButtonElement;

describe('SavePopup: saving', () => {
  test('shows progress while saving, then where it was saved', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('saveGem');
    const { user, onOpenLibrary } = renderPopup(fake);
    await fillIn(user);
    await user.click(saveButton());

    expect(saveButton().textContent).toBe('Saving…');
    // Busy and not pressable again, yet still focusable.
    expect(saveButton().getAttribute('aria-busy')).toBe('true');
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
    await user.click(saveButton());
    expect(fake.calls('saveGem')).toHaveLength(1);

    hold.release();
    expect((await screen.findByText(/^Saved in/)).textContent).toBe('Saved in Recipes / Desserts.');
    screen.getByText('Hello again');
    const [gem] = fake.state.gems;
    await user.click(screen.getByRole('button', { name: 'Open in library' }));
    expect(onOpenLibrary).toHaveBeenCalledExactlyOnceWith(gem?.id);
  });

  test('sends the chosen collection, both tags, the fields and an idempotency key', async () => {
    const fake = new FakeBackground();
    const { user } = renderPopup(fake);
    await fillIn(user);
    await user.click(saveButton());
    await screen.findByText(/^Saved in/);

    const [call] = fake.calls('saveGem');
    expect(fake.calls('saveGem')).toHaveLength(1);
    expect(call?.key).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    expect(call?.payload.endpoint).toBe('gems');
    expect(call?.payload.gem).toEqual({
      title: 'Hello again',
      description: 'A first post about saying hello.',
      url: 'https://blog.example.com/posts/hello-world?utm_source=rss',
      image: 'https://blog.example.com/cover.png',
      favicon: 'https://blog.example.com/favicon.ico',
      collectionId: 3,
      tags: ['alpha', 'beta'],
      media_type: 'Article',
      text: 'Hello there. '.repeat(150),
      byline: 'Ada Lovelace',
      publishedAt: '2024-05-01T00:00:00.000Z',
      media: { siteName: 'Example Blog', lang: 'en', wordCount: 300 },
    });
    expect(fake.state.gems[0]?.tags.map((t) => t.tag)).toEqual(['alpha', 'beta']);
  });

  test('a double submit makes one gem', async () => {
    const fake = new FakeBackground();
    renderPopup(fake);
    const form = await findSaveForm();
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByText(/^Saved in/);
    // Both submits reach the background before the first answers; the shared key makes them one gem.
    expect(fake.client.saveGem).toHaveBeenCalledTimes(2);
    const keys = new Set(fake.calls('saveGem').map((c) => c.key));
    expect(keys.size).toBe(1);
    expect(fake.state.gems).toHaveLength(1);
  });

  test('a failed save shows the message, keeps what was typed, and a retry reuses the key', async () => {
    const fake = new FakeBackground();
    fake.failNext('saveGem', { kind: 'offline', status: 0, message: OFFLINE });
    const { user } = renderPopup(fake);
    await fillIn(user);
    await user.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(field('Title').value).toBe('Hello again');
    expect((screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement).value).toBe('Recipes / Desserts');
    const chips = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('button');
    expect(chips.map((chip) => chip.getAttribute('aria-label'))).toEqual(['Remove tag alpha', 'Remove tag beta']);
    expect(saveButton().disabled).toBe(false);
    expect(fake.state.gems).toHaveLength(0);

    await user.click(saveButton());
    await screen.findByText(/^Saved in/);
    const [first, second] = fake.calls('saveGem');
    expect(second?.key).toBe(first?.key);
    expect(fake.state.gems).toHaveLength(1);
  });

  test('a 400 with field errors puts each message on its field', async () => {
    const fake = new FakeBackground();
    fake.failNext('saveGem', {
      kind: 'invalid',
      status: 400,
      message: 'data.title: X',
      fields: [
        { path: 'data.title', message: 'X' },
        { path: 'data.url', message: 'Y' },
        { path: 'data.media.wordCount', message: 'not a form field' },
      ],
    });
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.click(saveButton());

    // The URL is behind "Details": a message for it opens them.
    await waitFor(() => expect(fieldError('gem-title')).toBe('X'));
    expect(screen.getByRole('button', { name: /^Details/ }).getAttribute('aria-expanded')).toBe('true');
    expect(fieldError('gem-url')).toBe('Y');
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    // Field messages are not repeated above the button; only what no field shows is.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['X', 'Y', 'not a form field']);
  });

  test('a bad image URL is caught in the form, before any call', async () => {
    const fake = new FakeBackground();
    const { user } = renderPopup(fake);
    await findSaveForm();
    await openDetails(user);
    await user.clear(field('Image URL'));
    await user.type(field('Image URL'), 'cover.png');
    await user.click(saveButton());

    const message = 'Please provide valid url. Ensure it has protocol (https) and hostname (example.com).';
    await waitFor(() => expect(fieldError('gem-image')).toBe(message));
    expect(fake.calls('saveGem')).toHaveLength(0);
  });
});

describe('SavePopup: the save queue and gem types', () => {
  test('when the server cannot be reached the save is kept on the device and the popup says so', async () => {
    const fake = new FakeBackground({ serverReachable: false });
    const { user } = renderPopup(fake);
    await fillIn(user);
    await user.click(saveButton());
    await screen.findByText('Saved on this device. Trove will send it to the server as soon as it can be reached.');
    // Calm: no raw connection error repeated at the user.
    expect(screen.queryByText(/Can't reach/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.state.queue.map((q) => q.label)).toEqual(['Hello again']);
    expect(fake.state.gems).toHaveLength(0);
  });

  test('a save the server refuses stays in the form with the reasons on the fields', async () => {
    const fake = new FakeBackground();
    fake.refuseNextSave({
      kind: 'invalid',
      status: 400,
      message: 'data.url: Nope',
      fields: [{ path: 'data.url', message: 'Nope' }],
    });
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.click(saveButton());
    await waitFor(() => expect(fieldError('gem-url')).toBe('Nope'));
    within(screen.getByRole('form')).getByRole('textbox', { name: 'URL' });
    expect(field('Title').value).toBe('Hello, world');
    expect(fake.state.gems).toHaveLength(0);
  });

  test('the detected type is chosen, can be changed, and picks the typed endpoint', async () => {
    const fake = new FakeBackground();
    fake.state.activePage = {
      ...fake.state.activePage,
      detected: { mediaType: 'Video', mediaUrl: 'https://cdn.example.com/talk.mp4' },
    };
    const { user } = renderPopup(fake);
    await findSaveForm();
    await openDetails(user);
    const type = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(type.value).toBe('Video');
    expect(type.selectedOptions[0]?.textContent).toBe('Video (detected)');
    await user.click(saveButton());
    await screen.findByText(/^Saved in/);
    const [call] = fake.calls('saveGem');
    expect(call?.payload.endpoint).toBe('videos');
    expect(call?.payload.gem.media_type).toBe('Video');
    expect(call?.payload.gem.media?.mediaUrl).toBe('https://cdn.example.com/talk.mp4');

    const again = new FakeBackground();
    again.state.activePage = fake.state.activePage;
    const second = renderPopup(again);
    await findSaveForm();
    await second.user.click(screen.getAllByRole('button', { name: /^Details/ }).at(-1) as HTMLButtonElement);
    await second.user.selectOptions(
      screen.getAllByRole('combobox', { name: 'Type' }).at(-1) as HTMLSelectElement,
      'PDF',
    );
    await second.user.click(screen.getAllByRole('button', { name: /Save gem/ }).at(-1) as HTMLButtonElement);
    await waitFor(() => expect(again.calls('saveGem')).toHaveLength(1));
    expect(again.calls('saveGem')[0]?.payload.endpoint).toBe('pdf');
    expect(again.calls('saveGem')[0]?.payload.gem.media?.mediaUrl).toBeUndefined();
  });
});

describe('SavePopup: offline', () => {
  test('when the "already saved?" lookup cannot reach the server, the form still opens and says so', async () => {
    const fake = new FakeBackground({ serverReachable: false });
    fake.failNext('findGemsAtUrl', { kind: 'offline', status: 0, message: OFFLINE });
    const { user } = renderPopup(fake);
    await findSaveForm();
    screen.getByText("The server can't be reached: Trove could not check whether this page is already saved.");
    await user.click(saveButton());
    await screen.findByText(/^Saved on this device/);
  });
});

describe('SavePopup: an address too long for the server', () => {
  test('the refused "already saved?" look-up does not block the form; saving names the URL field', async () => {
    const url = `https://example.com/search?q=${'x'.repeat(2100)}`;
    const fake = new FakeBackground({ activePage: makePage({ url }) });
    fake.failNext('findGemsAtUrl', {
      kind: 'invalid',
      status: 400,
      message: 'Please provide a url of at most 2048 characters',
    });
    const { user } = renderPopup(fake);
    await findSaveForm();
    expect(screen.queryByText("Trove could not open this page's form")).toBeNull();
    await user.click(saveButton());
    await screen.findByText('Please provide a url of at most 2048 characters');
    expect(fake.calls('saveGem')).toHaveLength(0);
  });
});
