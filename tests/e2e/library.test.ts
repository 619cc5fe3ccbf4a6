import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickClosingPopup, type ExtensionBrowser, focusWhenShown, openPopup, submitPopupForm } from './browser';
import type { E2eEnvironment } from './environment';
import { clickMenuItem, getOverApi } from './flows';
import { type LibraryEnvironment, saveRecipes, shootAndScan, startLibraryEnvironment, USER } from './library';

/**
 * The library page in real Chromium with the built extension and the real server: opened from the popup's
 * "Open in library" with the saved gem's sheet open, from the toolbar button's menu; a gem edited in its sheet; the
 * list scrolled, filtered by collection, shown as cards and a table, searched; a gem trashed and restored. axe in both
 * themes and a screenshot of each view. One browser for all cases, in order. The other library journeys:
 * library-ai.test.ts, library-organise.test.ts, library-import.test.ts.
 */

const ARTICLE_TITLE = 'Council approves $48M seawall after late-night vote';

const sheetHeading = (page: Page) =>
  page.$eval('#library-sheet-heading', (el) => el.textContent ?? '').catch(() => null);

describe('the library page', () => {
  let setup: LibraryEnvironment;
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let library: Page;

  beforeAll(async () => {
    setup = await startLibraryEnvironment('library');
    ({ env, ctx } = setup);
    await saveRecipes(env.server.url);
  }, 240_000);

  afterAll(async () => {
    await setup?.close();
  });

  it('"Open in library" after a save from the popup opens the library with that gem in the sheet', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    const popup = await openPopup(ctx, article);
    await submitPopupForm(popup);
    // Saved (else the test says what the popup shows instead)
    await popup.waitForSelector('#saved-heading').catch(async (error) => {
      throw new Error(`The popup did not say Saved; it shows: ${await popup.$eval('body', (b) => b.textContent)}`, {
        cause: error,
      });
    });
    const opened = ctx.browser.waitForTarget((t) => t.url().includes('/library.html#gem='));
    await clickClosingPopup(popup, '::-p-text(Open in library)');
    library = (await (await opened).asPage()) as Page;
    await library.setViewport({ width: 1280, height: 800 });
    await library.waitForFunction(
      (title) => document.querySelector('#library-sheet-heading')?.textContent === title,
      {},
      ARTICLE_TITLE,
    );
    // The list shows it too, first (newest first), with the others.
    await library.waitForSelector('.library-row-title');
    expect(await library.$eval('.library-row-title', (el) => el.textContent)).toBe(ARTICLE_TITLE);
    expect(await library.$eval('.library-results-count', (el) => el.textContent)).toBe('62 gems');
    await article.close();
  });

  it('edits the title in the sheet: the server keeps it and the list shows it', async () => {
    const title = await library.waitForSelector('#gem-title');
    await title?.click({ count: 3 });
    await title?.type('Seawall vote, annotated');
    await library.locator('button[type="submit"]::-p-text(Save changes)').click();
    await library.waitForFunction(
      () => document.querySelector('.library-row-title')?.textContent === 'Seawall vote, annotated',
    );
    const gems = (await getOverApi(env.server.url, USER.username, USER.password, 'get-all-bookmark?perPage=1')) as {
      data: { title: string }[];
    };
    expect(gems.data[0]?.title).toBe('Seawall vote, annotated');
    expect(await sheetHeading(library)).toBe('Seawall vote, annotated');
    expect(await shootAndScan(library, 'sheet')).toEqual([]);
    // Further down the sheet, its text tools (tests/component/library/document-text.test.tsx uses them)
    const tools = await library.waitForSelector('section[aria-label="Text tools"]');
    await tools?.scrollIntoView();
    expect(await tools?.$$eval('label, button', (els) => els.map((el) => el.textContent))).toEqual([
      'Extract text from a file',
      'Clean up text',
    ]);
    expect(await shootAndScan(library, 'sheet-text-tools')).toEqual([]);
    // Scrolled this far, the sheet's title and Close are still in view, over what scrolled under them
    expect(await library.$eval('.library-sheet', (el) => el.scrollTop)).toBeGreaterThan(200);
    const atClose = await library.$eval('.library-sheet-header button[aria-label="Close"]', (close) => {
      const box = close.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('button') === close;
    });
    expect(atClose).toBe(true);
    expect(await library.$eval('#library-sheet-heading', (h) => h.getBoundingClientRect().top)).toBeGreaterThan(
      await library.$eval('.library-sheet', (el) => el.getBoundingClientRect().top),
    );
  });

  it('scrolls the list to its end, a page at a time, each gem once', async () => {
    await library.keyboard.press('Escape');
    expect(await library.$('.library-sheet')).toBeNull();
    await focusWhenShown(library, '.library-row-open');
    // End goes to the last row loaded (the 50th); the next page comes as it shows; End again reaches the 62nd.
    await library.keyboard.press('End');
    await library.waitForSelector('[aria-posinset="50"] .library-row-open:focus');
    await library.waitForSelector('[aria-posinset="51"]');
    await library.keyboard.press('End');
    await library.waitForSelector('[aria-posinset="62"] .library-row-open:focus');
    expect(await library.$eval('[aria-posinset="62"] .library-row-title', (el) => el.textContent)).toBe(
      'Lemon tart, take 1',
    );
    const titles = await library.$$eval('.library-row-title', (els) => els.map((el) => el.textContent));
    expect(new Set(titles).size).toBe(titles.length);
    expect(await shootAndScan(library, 'list')).toEqual([]);
  });

  it('a collection from the sidebar: its gems, its sub-collection behind the toggle (remembered)', async () => {
    await library.locator('.library-nav-item::-p-text(Recipes)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Recipes');
    await library.locator('button[aria-label="Expand Recipes"]').click();
    await library.locator('.library-nav-item::-p-text(Desserts)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Desserts');
    expect(await shootAndScan(library, 'collection')).toEqual([]);
    await library.reload();
    await library.waitForSelector('button[aria-label="Collapse Recipes"]');
  });

  it('shows a collection as cards and as a table sorted by title', async () => {
    await library.locator('.library-nav-item::-p-text(Recipes)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Recipes');
    await library.locator('.library-view-switch button::-p-text(Cards)').click();
    await library.waitForSelector('.library-card');
    expect(await shootAndScan(library, 'cards')).toEqual([]);
    await library.locator('.library-view-switch button::-p-text(Table)').click();
    await library.locator('.library-table th button::-p-text(Title)').click();
    await library.waitForSelector('.library-table th[aria-sort="ascending"]');
    await library.waitForFunction(
      () => document.querySelector('.library-table tbody .library-row-title')?.textContent === 'Lemon tart, take 1',
    );
    expect(await shootAndScan(library, 'table')).toEqual([]);
  });

  it('finds a gem by a word that is only in its page text, the word marked, with facets beside', async () => {
    await library.locator('.library-nav-item::-p-text(All gems)').click();
    await focusWhenShown(library, '.library-row-open');
    await library.keyboard.press('/');
    await library.keyboard.type('marzipan');
    await library.keyboard.press('Enter');
    await library.waitForFunction(
      () =>
        document.querySelector('#library-results-heading')?.textContent === 'Search results' &&
        document.querySelectorAll('.library-row-title').length === 1,
    );
    expect(await library.$eval('.library-row-title', (el) => el.textContent)).toBe('Almond paste notes');
    expect(await library.$$eval('.library-snippet mark', (els) => els.map((el) => el.textContent))).toEqual([
      'marzipan',
    ]);
    await library.waitForSelector('.library-facets button');
    expect(await shootAndScan(library, 'search')).toEqual([]);
  });

  it('trashes a gem with Delete and restores it from the Trash', async () => {
    await library.locator('.library-nav-item::-p-text(Travel)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Travel');
    await library.locator('.library-nav-item::-p-text(All gems)').click();
    await library.waitForFunction(
      () => document.querySelector('[aria-posinset="1"] .library-row-title')?.textContent === 'Seawall vote, annotated',
    );
    await focusWhenShown(library, '[aria-posinset="1"] .library-row-open');
    await library.keyboard.press('Delete');
    await library.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '61 gems');
    await library.locator('.library-nav-item::-p-text(Trash)').click();
    await library.waitForFunction(
      () => document.querySelector('.library-row-title')?.textContent === 'Seawall vote, annotated',
    );
    expect(await shootAndScan(library, 'trash')).toEqual([]);
    await library.locator('.library-row button::-p-text(Restore)').click();
    await library.waitForSelector('::-p-text(The trash is empty)');
    await library.locator('.library-nav-item::-p-text(All gems)').click();
    await library.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '62 gems');
  });

  it('the toolbar button\'s menu item "Open library" opens the library page', async () => {
    // a new tab: the library tab already open is at /library.html too once its sheet has closed
    const before = new Set(ctx.browser.targets());
    const opened = ctx.browser.waitForTarget((t) => !before.has(t) && t.url().endsWith('/library.html'));
    await clickMenuItem(ctx, { menuItemId: 'trove-open-library' });
    const page = (await (await opened).asPage()) as Page;
    await page.waitForSelector('.library-row-title');
    expect(await page.title()).toBe('Trove library');
    await page.close();
  });
});
