import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMedia, startFakeMedia } from '../fake-media/server';
import type { ExtensionBrowser } from './browser';
import type { E2eEnvironment } from './environment';
import { backgroundWorker, getOverApi } from './flows';
import {
  buildWithBookmarksGranted,
  importFigures,
  type LibraryEnvironment,
  openLibrary,
  shootAndScan,
  startLibraryEnvironment,
  USER,
} from './library';

/**
 * Bringing things into the library: a bookmarks file (its dry run, then its report), a long import that goes on
 * through a server restart, the browser's own bookmarks (the build with the permission granted) and a book looked up by
 * title. One browser for all cases, in order.
 */

const CHROME_BOOKMARKS = fileURLToPath(new URL('../fixtures/imports/bookmarks-chrome.html', import.meta.url));

describe('the library page, imports', () => {
  let setup: LibraryEnvironment;
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let library: Page;
  // Books are looked up there (Open Library's format); no OMDb key, so films are not offered.
  let media: FakeMedia;

  beforeAll(async () => {
    media = await startFakeMedia();
    setup = await startLibraryEnvironment(
      'library-import',
      { path: buildWithBookmarksGranted() },
      { TROVE_OPEN_LIBRARY_URL: `${media.url}/ol` },
    );
    ({ env, ctx } = setup);
    library = await openLibrary(ctx);
  }, 240_000);

  afterAll(async () => {
    await setup?.close();
    await media?.close();
  });

  it('imports a bookmarks file through "Import…": the dry run, then the report; its folders are collections in the tree', async () => {
    // Book… comes once the server says it can look books up; the header's actions keep to its right edge, so it does
    // not push Import… from under a click (a click meant for Import… once opened Book…).
    await library.waitForSelector('.library-top button::-p-text(Book…)');
    const gap = await library.$eval('.library-top', (top) => {
      const actions = top.querySelector('.library-actions')?.getBoundingClientRect().right ?? 0;
      return top.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(top).paddingRight) - actions;
    });
    expect(Math.round(gap)).toBe(0);
    await library.locator('.library-top button::-p-text(Import…)').click();
    await library.waitForSelector('.import-dialog');
    const [chooser] = await Promise.all([
      library.waitForFileChooser(),
      library.locator('.import-dialog button::-p-text(Choose a file…)').click(),
    ]);
    await chooser.accept([CHROME_BOOKMARKS]);
    await library.waitForSelector('.import-summary');
    expect(await importFigures(library)).toEqual([
      'In the file: 5 items',
      'New: 5 new gems',
      'Saved already: 0 (merged into the gem you have)',
      'Repeated in the file: 0 (merged into the first)',
      'Collections to create: 5',
    ]);
    expect(await library.$eval('.import-problems li', (el) => el.textContent)).toBe(
      'bookmark 3: Not a web address: "place:sort=8&maxResults=10"',
    );
    expect(await shootAndScan(library, 'import-summary')).toEqual([]);

    await library.locator('.import-dialog button::-p-text(Import)').click();
    await library.waitForSelector('.import-dialog .import-job[role="status"]');
    expect(await importFigures(library)).toEqual([
      'Added: 5',
      'Merged: 0 (into gems you had, or repeated in the file)',
      'Skipped: 0',
    ]);
    expect(await shootAndScan(library, 'import-report')).toEqual([]);
    await library.keyboard.press('Escape');
    await library.waitForFunction(() => document.querySelector('.import-dialog') === null);

    // the tree has the file's folders, nested; Cooking › Desserts holds the pavlova
    await library.waitForSelector('.library-nav-item::-p-text(Bookmarks bar)');
    await library.locator('button[aria-label="Expand Bookmarks bar"]').click();
    await library.locator('button[aria-label="Expand Cooking"]').click();
    await library.locator('.library-nav-item::-p-text(Desserts)').click();
    await library.waitForFunction(
      () => document.querySelector('.library-row-title, .library-card-title, td .library-row-title') !== null,
    );
    await library.waitForFunction(() =>
      [...document.querySelectorAll('#library-results-heading')].some((el) => el.textContent === 'Desserts'),
    );
    await library.waitForFunction(() => document.body.textContent?.includes('Pavlova'));
    const other = (await getOverApi(
      env.server.url,
      USER.username,
      USER.password,
      `filter-search?${new URLSearchParams({ q: 'collection:"Other bookmarks"' })}`,
    )) as { data: { title: string }[] };
    expect(other.data.map((g) => g.title).sort()).toEqual(['Story seven', 'https://docs.test/']);
  });

  it("a long import shows its progress in the dialog and in the library's bar, goes on through a server restart, and a reload finds it", async () => {
    const count = 5_000;
    const list = join(mkdtempSync(join(tmpdir(), 'trove-e2e-list-')), 'reading-list.txt');
    writeFileSync(list, Array.from({ length: count }, (_, i) => `https://reading.example.test/page/${i}`).join('\n'));
    await library.locator('.library-top button::-p-text(Import…)').click();
    const [chooser] = await Promise.all([
      library.waitForFileChooser(),
      library.locator('.import-dialog button::-p-text(Choose a file…)').click(),
    ]);
    await chooser.accept([list]);
    await library.waitForSelector('.import-summary');
    await library.locator('.import-dialog button::-p-text(Import)').click();
    await library.waitForSelector('.import-dialog progress');
    // The server stops as soon as the job is staged: the dialog keeps the progress it last read, and says it cannot
    // read more for now.
    await env.stopServer();
    await library.waitForSelector('.import-dialog .import-poll-error');
    expect(await library.$eval('.import-dialog progress', (el) => (el as HTMLProgressElement).max)).toBe(count);
    expect(await shootAndScan(library, 'import-progress')).toEqual([]);
    await library.keyboard.press('Escape');
    const bar = await library.waitForSelector('.import-progress');
    expect(await bar?.evaluate((el) => el.textContent)).toMatch(/^Importing reading-list\.txt/);

    // Started again without its import worker, the job cannot end before the reloaded page looks for it (on a fast
    // or a loaded machine alike): the page finds it again (GET /api/imports) mid-way.
    await env.startServer({ TROVE_BULK_WORKER: '0' });
    await library.reload();
    await library.waitForSelector('.import-progress progress');
    expect(await shootAndScan(library, 'import-bar')).toEqual([]);
    // and, the worker back, follows it to its end
    await env.stopServer();
    await env.startServer();
    await library.waitForFunction(
      (want) => document.querySelector('.import-progress')?.textContent?.includes(want),
      { timeout: 120_000 },
      `reading-list.txt: ${count.toLocaleString('en')} added, 0 merged, 0 skipped`,
    );
  }, 240_000);

  it("imports the browser's own bookmarks after the permission: folders as collections; a second run brings nothing new", async () => {
    const worker = await backgroundWorker(ctx);
    await worker.evaluate(async () => {
      type Node = { id: string; title: string; children?: Node[] };
      const api = (
        globalThis as unknown as {
          chrome: {
            bookmarks: {
              getTree(): Promise<Node[]>;
              create(node: { parentId?: string; title: string; url?: string }): Promise<Node>;
            };
          };
        }
      ).chrome.bookmarks;
      const [root] = await api.getTree();
      const [bar, other] = root?.children ?? [];
      const harbour = await api.create({ parentId: bar?.id, title: 'Harbour' });
      await api.create({ parentId: harbour.id, title: 'Tide tables', url: 'https://harbour.example.test/tides' });
      await api.create({ parentId: harbour.id, title: 'Ferry times', url: 'https://harbour.example.test/ferry' });
      await api.create({ parentId: other?.id, title: 'Lighthouse', url: 'https://lighthouse.example.test/' });
    });
    const importBookmarks = async () => {
      await library.locator('.library-top button::-p-text(Import…)').click();
      await library.locator('.import-dialog button::-p-text(Import browser bookmarks)').click();
      await library.waitForSelector('.import-summary');
      expect(await library.$eval('.import-dialog .import-file', (el) => el.textContent)).toBe(
        'Browser bookmarks · Bookmarks HTML (Chrome, Firefox, Safari, Edge)',
      );
    };
    await importBookmarks();
    expect(await importFigures(library)).toEqual([
      'In the file: 3 items',
      'New: 3 new gems',
      'Saved already: 0 (merged into the gem you have)',
      'Repeated in the file: 0 (merged into the first)',
      'Collections to create: 1',
    ]);
    // Bookmarks bar and Other bookmarks came with the file imported before; the empty Mobile bookmarks is left out
    expect(await library.$$eval('.import-collections li', (els) => els.map((el) => el.textContent))).toEqual([
      'Bookmarks bar / Harbour',
    ]);
    await library.locator('.import-dialog button::-p-text(Import)').click();
    await library.waitForSelector('.import-dialog .import-job[role="status"]');
    expect(await importFigures(library)).toContain('Added: 3');
    await library.keyboard.press('Escape');
    // Bookmarks bar is open in the tree since the first import (kept across the reload)
    await library.waitForSelector('.library-nav-item::-p-text(Harbour)');

    await importBookmarks();
    expect(await importFigures(library)).toEqual([
      'In the file: 3 items',
      'New: 0 new gems',
      'Saved already: 3 (merged into the gem you have)',
      'Repeated in the file: 0 (merged into the first)',
      'Collections to create: 0',
    ]);
    expect(await shootAndScan(library, 'import-bookmarks-again')).toEqual([]);
    await library.locator('.import-dialog button::-p-text(Cancel)').click();
  });

  it('Book… looks a title up by keyboard and saves a match as a gem (films are not offered without an OMDb key)', async () => {
    await library.locator('.library-top button::-p-text(Book…)').click();
    const input = await library.waitForSelector('.media-lookup-dialog input[type="search"]');
    await input?.type('Dune');
    await library.keyboard.press('Enter');
    await library.waitForSelector('.media-results li');
    expect(await library.$$eval('.media-results li strong', (els) => els.map((el) => el.textContent))).toEqual([
      'Dune',
      'Dune Sketches',
    ]);
    expect(await library.$('.media-lookup-dialog [role="tab"]')).toBeNull();
    expect(await shootAndScan(library, 'book-lookup')).toEqual([]);
    await library.locator('button[aria-label="Save as a gem: Dune"]').click();
    await library.waitForSelector('.media-result-saved');
    const saved = (await getOverApi(
      env.server.url,
      USER.username,
      USER.password,
      `gems-at-url?url=${encodeURIComponent('https://openlibrary.org/works/OL893415W')}`,
    )) as { data: { title: string; byline: string }[] };
    expect(saved.data.map((gem) => [gem.title, gem.byline])).toEqual([['Dune', 'Frank Herbert, Brian Herbert']]);
    await library.keyboard.press('Escape');
  });
});
