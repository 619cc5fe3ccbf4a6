import type { ElementHandle, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, focusWhenShown } from './browser';
import type { E2eEnvironment } from './environment';
import { createOverApi, getOverApi } from './flows';
import {
  dragOnto,
  type LibraryEnvironment,
  openLibrary,
  saveRecipes,
  shootAndScan,
  startLibraryEnvironment,
  USER,
} from './library';

/**
 * Organising the library: tags renamed, coloured and merged from the sidebar; the table's columns; collections moved by
 * keyboard, shared with another user, published and shared by link; a gem dragged onto a collection and a manual order
 * kept. One browser for all cases, in order.
 */

describe('the library page, organising', () => {
  let setup: LibraryEnvironment;
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let library: Page;

  beforeAll(async () => {
    setup = await startLibraryEnvironment('library-organise');
    ({ env, ctx } = setup);
    await saveRecipes(env.server.url, 8);
    library = await openLibrary(ctx);
    // Recipes open in the tree, as the user left it (the cases below reach Desserts and Recipes / Travel there).
    await library.locator('button[aria-label="Expand Recipes"]').click();
    await library.waitForSelector('button[aria-label="Collapse Recipes"]');
  }, 240_000);

  afterAll(async () => {
    await setup?.close();
  });

  it('renames a tag and gives it a colour from the sidebar; merges two tags, and their gems show the target', async () => {
    const api = [env.server.url, USER.username, USER.password] as const;
    for (const [title, tag] of [
      ['Fudge', 'sweet'],
      ['Toffee', 'sweet'],
      ['Nougat', 'sugary'],
    ])
      await createOverApi(...api, 'gems', { title, url: `https://sweets.example.test/${title}`, tags: [tag] });
    const tags = async () =>
      ((await getOverApi(...api, 'tags')) as { data: { tag: string; color: string | null }[] }).data;
    await library.reload();
    const options = (tag: string) => library.locator(`.library-sidebar button[aria-label="Options for #${tag}"]`);
    const menuItem = (name: string) => library.locator(`[role="menuitem"]::-p-text(${name})`);

    await options('sweet').click();
    await menuItem('Rename').click();
    const name = await library.waitForSelector('[role="dialog"] input');
    await name?.click({ count: 3 });
    await name?.type('candy');
    await library.keyboard.press('Enter');
    await library.waitForSelector('.library-sidebar .library-nav-item::-p-text(#candy)');

    // The palette by keyboard (no pointer path to keep on the submenu): down to Colour, right into it, down to Teal.
    const focused = (text: string) =>
      library.waitForFunction((t) => document.activeElement?.textContent?.startsWith(t), {}, text);
    await focusWhenShown(library, '.library-sidebar button[aria-label="Options for #candy"]');
    await library.keyboard.press('Enter');
    await focused('New sub-tag');
    await library.keyboard.press('ArrowDown');
    await library.keyboard.press('ArrowDown');
    await focused('Colour');
    await library.keyboard.press('ArrowRight');
    await focused('No colour');
    for (let n = 0; n < 5; n++) await library.keyboard.press('ArrowDown');
    await focused('Teal');
    expect(await shootAndScan(library, 'tag-menu')).toEqual([]);
    await library.keyboard.press('Enter');
    await library.waitForFunction(() =>
      [...document.querySelectorAll('.library-sidebar .library-nav-item')].some(
        (el) =>
          el.textContent === '#candy' &&
          getComputedStyle(el.querySelector('.library-tag-colour') as Element).backgroundColor === 'rgb(12, 133, 153)',
      ),
    );
    expect((await tags()).find((t) => t.tag === 'candy')?.color).toBe('#0c8599');

    // by keyboard as above: the menu button shows only on hover or focus, and a loaded machine lost the click
    await focusWhenShown(library, '.library-sidebar button[aria-label="Options for #sugary"]');
    await library.keyboard.press('Enter');
    await focused('New sub-tag');
    await menuItem('Merge into…').click();
    const dialog = await library.waitForSelector('[role="dialog"] select');
    const candy = await library.$eval(
      '[role="dialog"] select',
      (el) => [...(el as HTMLSelectElement).options].find((o) => o.textContent === '#candy')?.value,
    );
    await dialog?.select(candy ?? '');
    // the note's text changes in place once its gems are counted: a selector wait (which hears added nodes, not changed
    // text) can miss it
    await library.waitForFunction(() =>
      document.querySelector('.library-dialog-note')?.textContent?.startsWith('1 gem will carry #candy instead'),
    );
    expect(await shootAndScan(library, 'tag-merge')).toEqual([]);
    await library.locator('[role="dialog"] button::-p-text(Merge)').click();
    await library.waitForFunction(
      () =>
        ![...document.querySelectorAll('.library-sidebar .library-nav-item')].some(
          (el) => el.textContent === '#sugary',
        ),
    );
    await library.locator('.library-sidebar .library-nav-item::-p-text(#candy)').click();
    await library.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '3 gems');
    const rows = await library.$$eval('.library-row', (els) =>
      els.map((el) => [
        el.querySelector('.library-row-title')?.textContent,
        el.querySelector('.library-tags')?.textContent,
      ]),
    );
    expect(rows.sort()).toEqual([
      ['Fudge', '#candy'],
      ['Nougat', '#candy'],
      ['Toffee', '#candy'],
    ]);
    expect((await tags()).map((t) => t.tag).filter((t) => t === 'sugary' || t === 'sweet')).toEqual([]);
  });

  it('the table fits its columns at 1280 px and keeps the title readable in a narrow window; selected rows are marked', async () => {
    await library.locator('.library-view-switch button::-p-text(Table)').click();
    await library.waitForSelector('.library-table tbody .library-row-title');
    await focusWhenShown(library, '.library-table .library-row-open');
    await library.keyboard.press('x');
    await library.waitForSelector('.library-table tr[aria-selected="true"] .library-check');
    // No cell of a fitted column cuts its text (the title may: it takes what is left).
    const cut = () =>
      library.$$eval('.library-table tbody td:not(.library-col-title):not(.library-col-tags)', (cells) =>
        cells.filter((td) => td.offsetParent !== null && td.scrollWidth > td.clientWidth).map((td) => td.textContent),
      );
    expect(await cut()).toEqual([]);
    expect(await shootAndScan(library, 'table-1280')).toEqual([]);
    await library.setViewport({ width: 760, height: 800 });
    await library.waitForFunction(
      () => getComputedStyle(document.querySelector('.library-col-updated') as Element).display === 'none',
    );
    expect(await cut()).toEqual([]);
    const title = await library.$eval('.library-table tbody .library-col-title', (td) => td.clientWidth);
    expect(title).toBeGreaterThan(150);
    expect(await shootAndScan(library, 'table-narrow')).toEqual([]);
    await library.setViewport({ width: 1280, height: 800 });
    await library.keyboard.press('Escape');
  });

  // Moving things: cut/paste and Move to… by keys, a gem dragged onto a collection, a manual order kept.
  const api = () => [env.server.url, USER.username, USER.password] as const;
  const collectionsOverApi = async () =>
    (
      (await getOverApi(...api(), 'get-user-collections')) as {
        data: { id: number; name: string; parentId: number | null }[];
      }
    ).data;
  const focusNav = (name: string) =>
    library.evaluate((label) => {
      const items = [...document.querySelectorAll<HTMLElement>('.library-nav-item')];
      items.find((el) => el.querySelector('.library-nav-label')?.textContent === label)?.focus();
    }, name);
  const navRow = (name: string) =>
    `::-p-xpath(//div[contains(@class,"library-nav-row")][.//span[@class="library-nav-label" and text()="${name}"]])`;

  it('moves a collection by keyboard: Ctrl+X on Travel, Ctrl+V on Recipes nests it; Move to… by keys puts it back at the top', async () => {
    await library.bringToFront();
    await library.waitForSelector(navRow('Travel'));
    await focusNav('Travel');
    await library.keyboard.down('Control');
    await library.keyboard.press('x');
    await library.keyboard.up('Control');
    await library.waitForFunction(() =>
      document.querySelector('.library-move-notice')?.textContent?.startsWith('Cut Travel'),
    );
    await focusNav('Recipes');
    await library.keyboard.down('Control');
    await library.keyboard.press('v');
    await library.keyboard.up('Control');
    await library.waitForFunction(() =>
      document.querySelector('.library-move-notice')?.textContent?.startsWith('Moved Travel into Recipes'),
    );
    const nested = await collectionsOverApi();
    const recipes = nested.find((c) => c.name === 'Recipes');
    expect(nested.find((c) => c.name === 'Travel')?.parentId).toBe(recipes?.id);
    // The tree shows it under Recipes (open), beside Desserts.
    await library.waitForSelector('button[aria-label="Options for Recipes / Travel"]');

    await focusNav('Travel');
    await library.keyboard.press('Tab');
    await library.keyboard.press('Enter');
    await library.waitForSelector('[role="menuitem"]::-p-text(Move to…)');
    let focused: string | null | undefined;
    for (let n = 0; n < 8; n++) {
      focused = await library.evaluate(() => document.activeElement?.textContent);
      if (focused === 'Move to…') break;
      await library.keyboard.press('ArrowDown');
    }
    await library.keyboard.press('Enter');
    // Once in ~30 runs the picker never came (focus back on Travel's ⋯, no menu, no dialog): the error says where
    // Enter was pressed and what the page had then, for the next look.
    await library.waitForSelector('[role="dialog"] [role="option"][aria-disabled="true"]').catch(async (error) => {
      const after = await library.evaluate(() => ({
        focus: document.activeElement?.outerHTML.slice(0, 200),
        dialogs: document.querySelectorAll('[role="dialog"]').length,
        menus: document.querySelectorAll('[role="menu"]').length,
      }));
      throw new Error(`no Move picker after Enter on "${focused}"; then ${JSON.stringify(after)}`, { cause: error });
    });
    expect(
      await library.$$eval('[role="dialog"] [role="option"]', (els) =>
        els.map((el) => `${el.textContent}${el.getAttribute('aria-disabled') ? ' (disabled)' : ''}`),
      ),
    ).toEqual(['Top level', 'Recipes', 'Recipes / Desserts', 'Recipes / TravelIt is Travel itself (disabled)']);
    expect(await shootAndScan(library, 'move-picker')).toEqual([]);
    await library.keyboard.press('Enter');
    await library.waitForFunction(() =>
      document.querySelector('.library-move-notice')?.textContent?.startsWith('Moved Travel to the top level'),
    );
    expect((await collectionsOverApi()).find((c) => c.name === 'Travel')?.parentId).toBeNull();
  });

  it('Share… invites another user to Recipes (pending until they accept) and Publish… gives it a public page', async () => {
    const friend = { username: 'sharefriend', email: 'sharefriend@example.test', password: 'correct horse battery' };
    const signedUp = await fetch(`${env.server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(friend),
    });
    expect(signedUp.status).toBe(201);
    const openCollectionMenuItem = async (collection: string, item: string) => {
      await focusNav(collection);
      await library.keyboard.press('Tab');
      await library.keyboard.press('Enter');
      await library.locator(`[role="menuitem"]::-p-text(${item})`).click();
      await library.waitForSelector('[role="dialog"]');
    };

    await openCollectionMenuItem('Recipes', 'Share…');
    await library.locator('[role="dialog"] input[id$="-who"]').fill(friend.username);
    await library.select('[role="dialog"] .share-invite select', 'editor');
    await library.locator('[role="dialog"] button::-p-text(Invite)').click();
    await library.waitForSelector('.share-member-status');
    expect(
      await library.$$eval('.share-member', (rows) =>
        rows.map(
          (row) => `${row.querySelector('.share-member-name')?.textContent} ${row.textContent?.includes('pending')}`,
        ),
      ),
    ).toEqual([`${friend.username} true`]);
    expect(await shootAndScan(library, 'share-dialog')).toEqual([]);
    await library.keyboard.press('Escape');
    const invitations = (await getOverApi(env.server.url, friend.username, friend.password, 'share-invitations')) as {
      data: { name: string; role: string; status: string }[];
    };
    expect(invitations.data.map((i) => `${i.name} ${i.role} ${i.status}`)).toEqual(['Recipes editor pending']);

    await openCollectionMenuItem('Recipes', 'Publish…');
    await library.locator('[role="dialog"] [role="switch"]').click();
    // Saved once the switch shows it on: in a run under load (load average 18) the address never came after the save.
    await library.waitForSelector('[role="dialog"] [role="switch"][aria-checked="true"]');
    await library.locator('[role="dialog"] button[type="submit"]').click();
    const address = await library.waitForSelector('[role="dialog"] .library-publish-url input');
    const url = (await address?.evaluate((input) => (input as HTMLInputElement).value)) ?? '';
    expect(url).toMatch(new RegExp(`/${USER.username}/recipes$`));
    expect(await shootAndScan(library, 'publish-dialog')).toEqual([]);
    await library.keyboard.press('Escape');
    const publicPage = () => fetch(url, { headers: { accept: 'text/html' } });
    await expect.poll(async () => (await publicPage()).status, { timeout: 15_000 }).toBe(200);
    expect(await (await publicPage()).text()).toContain('<h1>Recipes</h1>');
  });

  it('Share link… makes a link to Recipes in the dialog: its page opens from the test, a password shuts it', async () => {
    await focusNav('Recipes');
    await library.keyboard.press('Tab');
    await library.keyboard.press('Enter');
    await library.locator('[role="menuitem"]::-p-text(Share link…)').click();
    await library.waitForSelector('[role="dialog"]');
    await library.locator('[role="dialog"] button::-p-text(Create link)').click();
    const field = await library.waitForSelector('[role="dialog"] .share-link-address input');
    const url = (await field?.evaluate((input) => (input as HTMLInputElement).value)) ?? '';
    expect(url).toMatch(new RegExp(`^${env.server.url}/s/[A-Za-z0-9_-]{32}$`));
    const visit = () => fetch(url, { headers: { accept: 'text/html' } });
    const opened = await visit();
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Lemon tart, take ');
    await library.locator('[role="dialog"] input[type="password"]').fill('open-sesame');
    await library.locator('[role="dialog"] .share-link-settings button[type="submit"]').click();
    await library.waitForSelector('[role="dialog"] button::-p-text(Remove password)');
    const shut = await (await visit()).text();
    expect(shut).toContain('type="password"');
    expect(shut).not.toContain('Lemon tart');
    expect(await shootAndScan(library, 'share-link-dialog')).toEqual([]);
    await library.keyboard.press('Escape');
  });

  it('drags a gem from the list onto a collection in the sidebar: it moves there', async () => {
    await library.locator('.library-nav-item::-p-text(All gems)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'All gems');
    const row = (await library.waitForSelector('.library-row')) as ElementHandle;
    const title = await row.$eval('.library-row-title', (el) => el.textContent ?? '');
    await dragOnto(library, row, (await library.waitForSelector(navRow('Travel'))) as ElementHandle);
    await library.waitForFunction(() =>
      document.querySelector('.library-move-notice')?.textContent?.startsWith('Moved 1 gem to Travel'),
    );
    const travel = (await collectionsOverApi()).find((c) => c.name === 'Travel');
    const found = (await getOverApi(...api(), `filter-search?q=${encodeURIComponent('collection:Travel')}`)) as {
      data: { title: string }[];
    };
    expect(found.data.map((g) => g.title)).toEqual([title]);
    expect(travel).toBeDefined();
  });

  it('a manual order inside a collection: a row dropped after another and Alt+↓ stay after a reload', async () => {
    await library.locator('.library-nav-item::-p-text(Desserts)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Desserts');
    await library.locator('.library-view-switch button::-p-text(List)').click();
    await library.select('.library-results-header select', 'manual-asc');
    const titles = () => library.$$eval('.library-row-title', (els) => els.slice(0, 4).map((el) => el.textContent));
    await library.waitForSelector('.library-row');
    const before = await titles();
    // The third row dropped on the lower half of the first (its site and date line) goes right after it.
    await dragOnto(
      library,
      (await library.waitForSelector('[aria-posinset="3"] .library-row')) as ElementHandle,
      (await library.waitForSelector('[aria-posinset="1"] .library-row-meta')) as ElementHandle,
    );
    const dragged = [before[0], before[2], before[1], before[3]];
    await library.waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('.library-row-title')].slice(0, 4).map((el) => el.textContent)) ===
        want,
      {},
      JSON.stringify(dragged),
    );
    await focusWhenShown(library, '[aria-posinset="1"] .library-row-open');
    await library.keyboard.down('Alt');
    await library.keyboard.press('ArrowDown');
    await library.keyboard.up('Alt');
    const moved = [dragged[1], dragged[0], dragged[2], dragged[3]];
    await library.waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('.library-row-title')].slice(0, 4).map((el) => el.textContent)) ===
        want,
      {},
      JSON.stringify(moved),
    );
    await library.reload();
    await library.locator('.library-nav-item::-p-text(Desserts)').click();
    await library.waitForFunction(() => document.querySelector('#library-results-heading')?.textContent === 'Desserts');
    await library.waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('.library-row-title')].slice(0, 4).map((el) => el.textContent)) ===
        want,
      {},
      JSON.stringify(moved),
    );
    expect(await library.$eval('.library-results-header select', (el) => (el as HTMLSelectElement).value)).toBe(
      'manual-asc',
    );
  });
});
