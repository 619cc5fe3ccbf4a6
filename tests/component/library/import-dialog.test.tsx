import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LibraryApp } from '@/components/library/LibraryApp';
import { MAX_IMPORT_BYTES } from '@/lib/api/import-contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

const live = setupLiveServer();

sizeTheScroller();

const chromeHtml = readFileSync(join(__dirname, '../../fixtures/imports/bookmarks-chrome.html'), 'utf8');
const chromeFile = () => new File([chromeHtml], 'bookmarks-chrome.html', { type: 'text/html' });

/** A new user on the live server with one gem saved (the pavlova page the fixture has too), in the library page. */
async function library(prefix: string) {
  const server = await live.signedIn(prefix);
  await server.call('gems', 'POST', { data: { title: 'My pavlova', url: 'https://recipes.test/pavlova' } });
  const rendered = server.render(
    <LibraryApp api={createLibraryApi(server.access)} perPage={20} />,
    new FakeBackground({ user: server.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  return { ...rendered, server };
}

const collectionNames = async (server: Awaited<ReturnType<typeof library>>['server']) =>
  ((await server.call('get-user-collections')).data as { name: string }[]).map((c) => c.name).sort();

async function openDialog(user: Awaited<ReturnType<typeof library>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Import…' }));
  return screen.findByRole('dialog', { name: 'Import' });
}

const figures = (dialog: HTMLElement) =>
  Object.fromEntries(
    [...dialog.querySelectorAll('.import-figures dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  );

afterEach(() => vi.restoreAllMocks());

describe('the library\'s "Import…"', () => {
  it('reads a chosen file as a dry run: the format, counts, collections to create and the parts it cannot read; Cancel writes nothing', async () => {
    const { user, server } = await library('impdry');
    const before = await collectionNames(server);
    const dialog = await openDialog(user);
    // the first thing to do has the focus, as in the other dialogs
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Choose a file…'));
    await user.upload(within(dialog).getByLabelText('Bookmarks file'), chromeFile());
    await within(dialog).findByText('Bookmarks HTML (Chrome, Firefox, Safari, Edge)', { exact: false });
    expect(figures(dialog)).toEqual({
      'In the file': '5 items',
      New: '4 new gems',
      'Saved already': '1 (merged into the gem you have)',
      'Repeated in the file': '0 (merged into the first)',
      'Collections to create': '5',
    });
    expect(
      within(within(dialog).getByRole('list', { name: 'Collections to create' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bookmarks bar',
      'Other bookmarks',
      'Bookmarks bar / Cooking',
      'Bookmarks bar / Cooking / Desserts',
      'Bookmarks bar / Cooking / Empty for now',
    ]);
    expect(within(dialog).getByText('1 part of the file cannot be read').tagName).toBe('SUMMARY');
    expect(dialog.querySelector('.import-problems li')?.textContent).toBe(
      'bookmark 3: Not a web address: "place:sort=8&maxResults=10"',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await collectionNames(server)).toEqual(before);
  });

  it('Import runs the job and shows its report; the tree shows the new collections and the bar stays after Close', async () => {
    const { user, server } = await library('imprun');
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Bookmarks file'), chromeFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    // the report, once the server has worked the job
    await within(dialog).findByText('imported', { exact: false });
    expect(figures(dialog)).toEqual({
      Added: '4',
      Merged: '1 (into gems you had, or repeated in the file)',
      Skipped: '0',
    });
    expect(await collectionNames(server)).toEqual([
      'Bookmarks bar',
      'Cooking',
      'Desserts',
      'Empty for now',
      'Other bookmarks',
      'Unfiltered',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const tree = within(screen.getByRole('navigation', { name: 'Library' })).getByRole('list', {
      name: 'Collections',
    });
    await within(tree).findByRole('button', { name: /^Bookmarks bar/ });
    await waitFor(() =>
      expect(within(tree).getByRole('button', { name: /^Other bookmarks/ }).textContent).toBe('Other bookmarks2 gems'),
    );
    const bar = screen.getByRole('status', { name: 'Import' });
    expect(bar.textContent).toContain('Imported bookmarks-chrome.html: 4 added, 1 merged, 0 skipped');
    await user.click(within(bar).getByRole('button', { name: 'Report' }));
    expect(figures(await screen.findByRole('dialog', { name: 'Import' })).Added).toBe('4');
    await user.keyboard('{Escape}');
    await user.click(within(bar).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status', { name: 'Import' })).toBeNull();

    // the same file again: the dry run says nothing is new, and the import adds nothing
    const again = await openDialog(user);
    await user.upload(within(again).getByLabelText('Bookmarks file'), chromeFile());
    await within(again).findByText('0 new gems');
    expect(figures(again)['Collections to create']).toBe('0');
  });

  it("says why a file cannot be imported (the server's reason), and Choose another file goes back", async () => {
    const { user } = await library('impbad');
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText('Bookmarks file'), new File(['just words'], 'notes.txt'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Cannot import thisTrove cannot tell what this file is\. It reads: Bookmarks HTML/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a file…' }).tagName).toBe('BUTTON');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says a file is too large before sending it; Escape closes the dialog', async () => {
    const { user } = await library('impbig');
    const dialog = await openDialog(user);
    const big = new File(['x'], 'everything.html');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES * 1.5 });
    await user.upload(within(dialog).getByLabelText('Bookmarks file'), big);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cannot import thiseverything.html is 96 MB; an import takes at most 64 MB. Split it into smaller files, or export it again without icons.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a file dragged over the page shows where to drop it; dropped, it is read as a dry run', async () => {
    const { user } = await library('impdrop');
    const dataTransfer = { types: ['Files'], files: [chromeFile()], dropEffect: 'none' };
    fireEvent.dragEnter(document.body, { dataTransfer });
    expect(document.querySelector('.import-drop-target')?.textContent).toBe('Drop the file to import it');
    fireEvent.dragOver(document.body, { dataTransfer });
    fireEvent.drop(document.body, { dataTransfer });
    expect(document.querySelector('.import-drop-target')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    await within(dialog).findByText('4 new gems');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it("imports the browser's bookmarks once the permission is granted; refused, it says how to allow it", async () => {
    const { user } = await library('impbrowser');
    // The fake browser implements neither API: the page's calls are answered as Chromium answers them.
    const request = vi.spyOn(fakeBrowser.permissions, 'request') as unknown as Mock<(p: unknown) => Promise<boolean>>;
    request.mockResolvedValueOnce(false);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import browser bookmarks' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cannot import thisTrove was not allowed to read your bookmarks. Click again and choose Allow to import them.',
    );
    expect(request).toHaveBeenCalledWith({ permissions: ['bookmarks'] });

    request.mockResolvedValueOnce(true);
    const getTree = vi.spyOn(fakeBrowser.bookmarks, 'getTree') as unknown as Mock<
      () => Promise<Browser.bookmarks.BookmarkTreeNode[]>
    >;
    getTree.mockResolvedValue([
      {
        id: '0',
        title: '',
        syncing: false,
        children: [
          {
            id: '1',
            title: 'Bookmarks bar',
            syncing: false,
            children: [{ id: '3', title: 'Tide tables', url: 'https://sea.test/tides', syncing: false }],
          },
          { id: '2', title: 'Mobile bookmarks', syncing: false, children: [] },
        ],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import browser bookmarks' }));
    await within(dialog).findByText('1 new gem');
    expect(dialog.querySelector('.import-file')?.textContent).toBe(
      'Browser bookmarks · Bookmarks HTML (Chrome, Firefox, Safari, Edge)',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Collections to create' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bookmarks bar']);
  });
});
