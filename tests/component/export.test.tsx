import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import { AccountPanel } from '@/components/options/AccountPanel';
import type { Collection } from '@/lib/api/contract';
import { troveExportSchema } from '@/lib/api/export-contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { expandedCollectionsItem } from '@/lib/library/prefs';
import { setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';
import { sizeTheScroller } from './library/scroller-size';

/**
 * Export… in the library (the whole library from the header, a collection from its menu, the format chosen) and
 * "Export all my data" in the options, against the live server: the file the page hands the browser is the server's.
 */

const live = setupLiveServer();
sizeTheScroller();

/** The downloads the page started: jsdom has no object URLs and follows no `download` link, so both are caught here. */
let downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:trove/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
});
afterEach(() => vi.restoreAllMocks());

async function libraryWithRecipes(prefix: string) {
  const server = await live.signedIn(prefix);
  const recipes = (await server.call('collections', 'POST', { data: { name: 'Recipes' } })).data as Collection;
  await server.call('gems', 'POST', {
    data: { title: 'Tart & crumble', url: 'https://cooking.example.test/tart', collectionId: recipes.id },
  });
  await server.call('gems', 'POST', { data: { title: 'Elsewhere', url: 'https://other.example.test/' } });
  await expandedCollectionsItem.setValue([]);
  const rendered = server.render(
    <LibraryApp api={createLibraryApi(server.access)} />,
    new FakeBackground({ user: server.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  return { ...rendered, server, recipes };
}

const today = /\d{4}-\d{2}-\d{2}/.source;

describe('Export… in the library', () => {
  it("a collection's menu exports it in the format chosen, downloaded under the server's file name", async () => {
    const { user } = await libraryWithRecipes('expcol');
    const tree = await screen.findByRole('list', { name: 'Collections' });
    await user.click(within(tree).getByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Recipes' });
    const formats = within(dialog).getAllByRole('radio');
    expect(formats.map((f) => [f.closest('label')?.textContent, (f as HTMLInputElement).checked])).toEqual([
      ['Trove JSON (everything, lossless)', true],
      ['Bookmarks HTML (opens in any browser)', false],
      ['CSV (Raindrop’s columns)', false],
      ['Markdown, one file per gem (zip)', false],
    ]);
    await user.click(within(dialog).getByRole('radio', { name: 'Bookmarks HTML (opens in any browser)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(downloads.map((d) => d.name)).toEqual([
      expect.stringMatching(new RegExp(`^trove-Recipes-${today}\\.html$`)),
    ]);
    const html = await (downloads[0] as { blob: Blob }).blob.text();
    expect(html).toContain('<H3');
    expect(html).toContain('>Recipes</H3>');
    expect(html).toContain('>Tart &amp; crumble</A>');
    expect(html).not.toContain('Elsewhere');
  });

  it('the header exports the whole library as Trove JSON; a refusal is shown in the dialog', async () => {
    const { user, server } = await libraryWithRecipes('explib');
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the library' });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toMatch(new RegExp(`^trove-library-${today}\\.json$`));
    const doc = troveExportSchema.parse(JSON.parse(await (downloads[0] as { blob: Blob }).blob.text()));
    expect(doc.gems.map((g) => g.title).sort()).toEqual(['Elsewhere', 'Tart & crumble']);

    server.goOffline();
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const again = await screen.findByRole('dialog', { name: 'Export the library' });
    await user.click(within(again).getByRole('button', { name: 'Export' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('Nothing was exported');
    expect(downloads).toHaveLength(1);
  });
});

describe('Export all my data in the options', () => {
  it('downloads the whole account as Trove JSON', async () => {
    const server = await live.signedIn('expall');
    await server.call('prompts', 'POST', { data: { title: 'Summarise', text: 'In three lines.' } });
    await server.call('gems', 'POST', { data: { title: 'A page', url: 'https://example.test/page' } });
    const { token } = await server.access();
    const { user } = server.render(
      <AccountPanel user={server.account} />,
      new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token }),
    );
    await user.click(screen.getByRole('button', { name: 'Export all my data' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toMatch(new RegExp(`^trove-library-${today}\\.json$`));
    const doc = troveExportSchema.parse(JSON.parse(await (downloads[0] as { blob: Blob }).blob.text()));
    expect(doc.gems.map((g) => [g.mediaType, g.title]).sort()).toEqual([
      ['Link', 'A page'],
      ['Prompt', 'Summarise'],
    ]);
  });
});
