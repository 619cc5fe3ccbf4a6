import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { defaultMediaType } from '@/lib/page/page-gem';
import { FakeBackground } from './fake-background';
import { makeGem, makePage } from './fixtures';
import { field, findSaveForm, findToast, renderPopup } from './render';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const autoCloseHint = () => document.querySelector('.auto-close-hint')?.textContent;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function saveFresh(rendered: ReturnType<typeof renderPopup>) {
  await findSaveForm();
  await rendered.user.click(button('Save gem'));
  await screen.findByText(/^Saved in/);
}

describe('SavePopup: the page filled in as it is read', () => {
  test('what the user already changed is kept when the extract arrives; the other fields are filled in', async () => {
    const fake = new FakeBackground();
    const page = fake.holdNext('getActivePage');
    const { user } = renderPopup(fake);
    const form = await screen.findByRole('form', { name: 'Save this page' });
    expect(form.getAttribute('aria-busy')).toBe('true');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'My own title');
    page.release();
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    expect(field('Title').value).toBe('My own title');
    expect(field('Description').value).toBe('A first post about saying hello.');
    expect(form.querySelector('img.preview-image')?.getAttribute('src')).toBe('https://blog.example.com/cover.png');
    expect(form.querySelector('.preview-site')?.textContent).toBe('Example Blog · Article');
    // The same form element throughout: filled in, not replaced.
    expect(screen.getByRole('form', { name: 'Save this page' })).toBe(form);
  });

  test('a long title shows its start in its field, filled in at once or when the page arrives', async () => {
    const title = 'Council approves $48M seawall after late-night vote, the largest public works project in decades';
    const atOnce = new FakeBackground();
    atOnce.state.activePage = makePage({ title, extract: null });
    const first = renderPopup(atOnce);
    await waitFor(() => expect(field('Title').value).toBe(title));
    expect(document.activeElement).toBe(field('Title'));
    expect([field('Title').selectionStart, field('Title').selectionEnd]).toEqual([0, 0]);
    first.unmount();

    const later = new FakeBackground();
    const page = later.holdNext('getActivePage');
    later.state.activePage = makePage({ title, extract: null });
    renderPopup(later);
    await screen.findByRole('form', { name: 'Save this page' });
    page.release();
    await waitFor(() => expect(field('Title').value).toBe(title));
    expect(document.activeElement).toBe(field('Title'));
    expect([field('Title').selectionStart, field('Title').selectionEnd]).toEqual([0, 0]);
  });

  test('reads the tab it shows, even when another window became the current one meanwhile', async () => {
    const fake = new FakeBackground();
    const shown = fake.state.activePage;
    const page = fake.holdNext('getActivePage');
    renderPopup(fake);
    await screen.findByRole('form', { name: 'Save this page' });
    // The browser's current window changed before the page was read (in Firefox, the one focused last).
    fake.state.otherTabs = [shown];
    fake.state.activePage = makePage({ tabId: 9, title: 'Another tab', extract: null });
    page.release();
    await waitFor(() => expect(field('Description').value).toBe('A first post about saying hello.'));
    expect(field('Title').value).toBe(shown.extract?.title);
    expect(fake.calls('getActivePage')).toEqual([{ tabId: shown.tabId }]);
  });

  test('a save made before the extract arrived waits for it and carries the page text', async () => {
    const fake = new FakeBackground();
    const page = fake.holdNext('getActivePage');
    const { user } = renderPopup(fake);
    await screen.findByRole('form', { name: 'Save this page' });
    await user.click(button('Save gem'));
    expect(fake.calls('saveGem')).toHaveLength(0);
    page.release();
    await screen.findByText(/^Saved in/);
    // The fields the user did not touch come from the page, not from the tab shown before it was read.
    expect(fake.calls('saveGem')[0]?.payload.gem).toMatchObject({
      title: fake.state.activePage.extract?.title,
      text: 'Hello there. '.repeat(150),
      description: fake.state.activePage.extract?.description,
      media_type: defaultMediaType(fake.state.activePage),
    });
  });
});

describe('SavePopup: keyboard only', () => {
  test('opens with focus in the Title; type, Tab on, ↓ Enter in the collection picker, Enter saves there; focus goes to Open in library', async () => {
    const fake = new FakeBackground();
    const { user } = renderPopup(fake);
    await findSaveForm();
    expect(document.activeElement).toBe(field('Title'));
    await user.keyboard('{Control>}a{/Control}Typed title');
    while (document.activeElement?.id !== 'gem-collection') await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect((document.activeElement as HTMLInputElement).value).toBe('Recipes / Desserts');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect((await screen.findByText(/^Saved in/)).textContent).toBe('Saved in Recipes / Desserts.');
    expect(fake.state.gems[0]).toMatchObject({ title: 'Typed title', collectionId: 3 });
    expect(document.activeElement).toBe(button('Open in library'));
  });
});

describe('SavePopup: after a save', () => {
  test('Undo deletes the gem just saved and gives a fresh form; saving again makes a new gem', async () => {
    const fake = new FakeBackground();
    const rendered = renderPopup(fake);
    await saveFresh(rendered);
    const [gem] = fake.state.gems;
    await rendered.user.click(button('Undo'));
    await findSaveForm();
    expect(fake.calls('deleteGem')).toEqual([{ id: gem?.id }]);
    expect(fake.state.gems).toEqual([]);
    expect((await findToast('Save undone: the gem was deleted.')).getAttribute('role')).toBe('status');
    expect(rendered.closePopup).not.toHaveBeenCalled();

    await rendered.user.click(button('Save gem'));
    await screen.findByText(/^Saved in/);
    const [first, second] = fake.calls('saveGem');
    expect(second?.key).not.toBe(first?.key);
    expect(fake.state.gems).toHaveLength(1);
    expect(fake.state.gems[0]?.id).not.toBe(gem?.id);
  });

  test('an update offers no Undo (the earlier values are gone), only Open in library', async () => {
    const fake = new FakeBackground({ gems: [makeGem(42, { url: 'https://blog.example.com/posts/hello-world' })] });
    const { user } = renderPopup(fake);
    await findSaveForm('Edit saved gem');
    await user.click(button('Update gem'));
    await screen.findByText(/^Gem updated in/);
    expect(button('Open in library').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test('the popup closes itself a moment after a save', async () => {
    const rendered = renderPopup(new FakeBackground(), { autoCloseMs: 100 });
    await saveFresh(rendered);
    expect(autoCloseHint()).toBe('This window closes in a few seconds.');
    expect(rendered.closePopup).not.toHaveBeenCalled();
    await waitFor(() => expect(rendered.closePopup).toHaveBeenCalledTimes(1));
  });

  test.each([
    ['the pointer over it', (r: ReturnType<typeof renderPopup>) => r.user.hover(button('Open in library'))],
    ['a key pressed', (r: ReturnType<typeof renderPopup>) => r.user.keyboard('{Tab}')],
    ['focus moved into it', async () => button('Undo').focus()],
  ])('%s keeps it open', async (_, interact) => {
    // long enough that a busy machine still interacts before it would close, short enough to wait past
    const rendered = renderPopup(new FakeBackground(), { autoCloseMs: 1_000 });
    await saveFresh(rendered);
    await interact(rendered);
    await sleep(1_300);
    expect(rendered.closePopup).not.toHaveBeenCalled();
    expect(autoCloseHint()).toBe('This window stays open.');
  });

  test('a queued save says so calmly, with no error shown', async () => {
    const rendered = renderPopup(new FakeBackground({ serverReachable: false }));
    await findSaveForm();
    await rendered.user.click(button('Save gem'));
    await screen.findByText(/^Saved on this device\. Trove will send it/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SavePopup: a gem already saved here', () => {
  const fakeWithGem = () =>
    new FakeBackground({
      gems: [
        makeGem(42, { title: 'Saved before', url: 'https://blog.example.com/posts/hello-world', collectionId: 4 }),
      ],
    });

  test('Delete asks first: Cancel keeps the gem, Confirm deletes it and leaves a fresh form', async () => {
    const fake = fakeWithGem();
    const { user } = renderPopup(fake);
    await findSaveForm('Edit saved gem');
    expect(button('Update gem').disabled).toBe(false);

    await user.click(button('Delete'));
    const question = screen.getByRole('group', { name: 'Delete this gem?' });
    within(question).getByText('Delete this gem?');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Delete this gem?' })).toBeNull();
    expect(fake.client.deleteGem).not.toHaveBeenCalled();

    await user.click(button('Delete'));
    await user.click(
      within(screen.getByRole('group', { name: 'Delete this gem?' })).getByRole('button', { name: 'Confirm' }),
    );
    await findSaveForm('Save this page');
    expect(fake.calls('deleteGem')).toEqual([{ id: 42 }]);
    expect(fake.state.gems).toEqual([]);
    expect((await findToast('Gem deleted.')).getAttribute('role')).toBe('status');
    expect(field('Title').value).toBe('Hello, world');
    expect(screen.queryByText(/Already saved/)).toBeNull();
  });

  test('a failed delete says why and keeps the gem and the form', async () => {
    const fake = fakeWithGem();
    fake.failNext('deleteGem', { kind: 'server', status: 500, message: 'The database is busy' });
    const { user } = renderPopup(fake);
    await findSaveForm('Edit saved gem');
    await user.click(button('Delete'));
    await user.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('The gem was not deleted: The database is busy');
    expect(fake.state.gems).toHaveLength(1);
    screen.getByRole('form', { name: 'Edit saved gem' });
  });
});

describe('SavePopup: pages that cannot be saved', () => {
  test('about:blank says why, with no Try again and no form', async () => {
    const fake = new FakeBackground({
      activePage: makePage({ url: 'about:blank', title: 'about:blank', extract: null, detected: null }),
    });
    renderPopup(fake);
    await screen.findByText("Trove saves web pages (http and https). This page (about:) can't be saved.");
    expect(screen.queryByRole('button', { name: /Try again|Retry/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(fake.client.findGemsAtUrl).not.toHaveBeenCalled();
  });
});
