import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import {
  type ExtensionBrowser,
  emulateTheme,
  launchWithExtension,
  openExtensionPage,
  openPopup,
  submitPopupForm,
} from './browser';
import type { E2eEnvironment } from './environment';
import { createOverApi, getOverApi, saveGemOverApi, signInOverApi, signUpAndSignIn } from './flows';
import { answerTo, ask, providerBodies, REACT_COMPOSER, SCREENSHOTS, startPanelEnvironment } from './panel';

/**
 * Two people, each in their own Chromium profile with the built extension, on one server (issues 31 and 32): ada
 * shares a collection from the library, bob accepts it in "Shared with me", finds it, chats about one of its gems,
 * saves a page into it from his popup once she makes him a contributor, and loses it when ada removes him; the collection's public page read signed out; bob offers a gem, ada approves it;
 * bob follows the collection and sees her next gem; last, a password changed in one profile signs the other out.
 * The cases run in order on one server and two browsers.
 */

const ADA = { username: 'ada', email: 'ada@example.test', password: 'correct horse battery' };
const BOB = { username: 'bob', email: 'bob@example.test', password: 'battery staple horse' };
/** The test site's article (tests/e2e/test-site), which bob saves into ada's collection from his popup. */
const ARTICLE_TITLE = 'Council approves $48M seawall after late-night vote';
const HERON_TEXT = 'The grey herons returned to the alder carr on 12 March; eleven nests counted from the hide.';

/** Screenshots `page` in light and dark as two-profiles-<name>-<theme>.png (`scripted`: false for a page without JS). */
async function shoot(page: Page, name: string, scripted = true) {
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    if (scripted)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SCREENSHOTS}two-profiles-${name}-${theme}.png` });
  }
  await emulateTheme(page, 'light');
}

/**
 * Waits for the welcome page the install opens, however late a loaded machine opens it, and closes it: opened after
 * the journey's first page, it would put that page in the background, where Puppeteer's polling stops.
 */
async function closeWelcome(ctx: ExtensionBrowser) {
  const welcome = await ctx.browser.waitForTarget(
    (t) => t.url() === `chrome-extension://${ctx.extensionId}/options.html#welcome`,
    { timeout: 120_000 },
  );
  await (await welcome.page())?.close();
}

async function openLibrary(ctx: ExtensionBrowser): Promise<Page> {
  const library = await openExtensionPage(ctx, 'library.html');
  await library.setViewport({ width: 1280, height: 800 });
  await library.waitForSelector('.library-sidebar');
  return library;
}

/** The sidebar's labels as shown (collections, shared items, fixed views). */
const navLabels = (library: Page) =>
  library.$$eval('.library-nav-label', (labels) => labels.map((label) => label.textContent ?? ''));

/** Selects the sidebar item labelled `label` (as a click on it does). */
async function selectNav(library: Page, label: string) {
  await library.waitForFunction(
    (l) => [...document.querySelectorAll('.library-nav-label')].some((el) => el.textContent === l),
    {},
    label,
  );
  await library.evaluate((l) => {
    const items = [...document.querySelectorAll<HTMLElement>('.library-nav-item')];
    items.find((el) => el.querySelector('.library-nav-label')?.textContent === l)?.click();
  }, label);
}

/** Opens the menu of the collection `name` in the sidebar and picks `item`; waits for its dialog. */
async function collectionMenu(library: Page, name: string, item: string) {
  // The sidebar's collections arrive after the page: focus the item once it is there.
  await library.waitForFunction(
    (label) =>
      [...document.querySelectorAll('.library-nav-item .library-nav-label')].some((el) => el.textContent === label),
    {},
    name,
  );
  await library.evaluate((label) => {
    const items = [...document.querySelectorAll<HTMLElement>('.library-nav-item')];
    items.find((el) => el.querySelector('.library-nav-label')?.textContent === label)?.focus();
  }, name);
  await library.keyboard.press('Tab');
  await library.keyboard.press('Enter');
  await library.locator(`[role="menuitem"]::-p-text(${item})`).click();
  await library.waitForSelector('[role="dialog"]');
}

/** Types `text` into the library's search box in place of what it held. */
async function typeSearch(library: Page, text: string) {
  await library.locator('.search-box-input').click();
  await library.keyboard.down('Control');
  await library.keyboard.press('a');
  await library.keyboard.up('Control');
  await library.keyboard.type(text);
}

/** Runs a search in the library's box (as typed, then Enter). */
async function search(library: Page, query: string) {
  await typeSearch(library, query);
  await library.keyboard.press('Enter');
}

const rowTitles = (library: Page) =>
  library.$$eval('.library-row-title', (titles) => titles.map((title) => title.textContent ?? ''));

describe('two people, two browser profiles, one server', () => {
  let env: E2eEnvironment;
  let fake: FakeProvider;
  /** ada's browser (the environment's) and bob's (a second profile). */
  let ada: ExtensionBrowser;
  let bob: ExtensionBrowser;
  let adaLibrary: Page;
  let bobLibrary: Page;
  let fieldNotesId: number;
  let publicUrl = '';

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    [env, bob] = await Promise.all([
      startPanelEnvironment('two-profiles', fake, { keepWelcome: true }),
      launchWithExtension(undefined, { keepWelcome: true }),
    ]);
    ada = env.ctx;
    await Promise.all([closeWelcome(ada), closeWelcome(bob)]);
    await signUpAndSignIn(ada, env.server.url, ADA);
    await signUpAndSignIn(bob, env.server.url, BOB);
    const asAda = [env.server.url, ADA.username, ADA.password] as const;
    fieldNotesId = (await createOverApi(...asAda, 'collections', { name: 'Field notes' })).id;
    // a sub-collection, which the share reaches too (empty: the counts below are Field notes' own gems)
    await createOverApi(...asAda, 'collections', { name: 'Birds', parentId: fieldNotesId });
    await saveGemOverApi(...asAda, {
      title: 'Heron nesting survey',
      url: 'https://wetlands.example.test/herons',
      text: HERON_TEXT,
      collectionId: fieldNotesId,
    });
    await saveGemOverApi(...asAda, {
      title: 'Otter spraint log',
      url: 'https://wetlands.example.test/otters',
      text: 'Fresh spraint on the weir stones every morning this week.',
      collectionId: fieldNotesId,
    });
    await saveGemOverApi(...asAda, {
      title: 'Private shopping list',
      url: 'https://shop.example.test/list',
      text: 'Wellington boots, a flask, binoculars strap.',
    });
    await saveGemOverApi(env.server.url, BOB.username, BOB.password, {
      title: 'Kingfisher burrow photos',
      url: 'https://river.example.test/kingfisher',
      text: 'A burrow in the sandy bank under the willow.',
    });
  }, 240_000);

  afterAll(async () => {
    await bob?.close();
    await env?.close();
    await fake?.close();
  });

  it('ada shares "Field notes" with bob from the library (Share…): he is listed as pending', async () => {
    adaLibrary = await openLibrary(ada);
    await collectionMenu(adaLibrary, 'Field notes', 'Share…');
    await adaLibrary.locator('[role="dialog"] input[id$="-who"]').fill(BOB.username);
    await adaLibrary.locator('[role="dialog"] button::-p-text(Invite)').click();
    await adaLibrary.waitForSelector('.share-member-status');
    expect(
      await adaLibrary.$$eval('.share-member', (rows) =>
        rows.map(
          (row) => `${row.querySelector('.share-member-name')?.textContent} ${row.textContent?.includes('pending')}`,
        ),
      ),
    ).toEqual([`${BOB.username} true`]);
    await shoot(adaLibrary, 'share-dialog');
    await adaLibrary.keyboard.press('Escape');
  });

  it('bob accepts in "Shared with me", lists the shared gems (not her others) and finds one by a word of its text', async () => {
    bobLibrary = await openLibrary(bob);
    await bobLibrary.waitForSelector('.library-invitation');
    expect(await bobLibrary.$eval('.library-invitation p', (p) => p.textContent)).toBe(
      'ada invites you to Field notes as viewer',
    );
    await shoot(bobLibrary, 'invitation');
    await bobLibrary.locator('button[aria-label="Accept Field notes"]').click();
    // its sub-collection, behind its toggle in Shared with me
    await bobLibrary.locator('button[aria-label="Expand Field notes"]').click();
    await bobLibrary.waitForSelector('ul[aria-label="In Field notes"] .library-nav-label::-p-text(Birds)');
    await shoot(bobLibrary, 'shared-sub-collections');
    await selectNav(bobLibrary, 'Field notes · ada');
    await bobLibrary.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '2 gems');
    expect((await rowTitles(bobLibrary)).sort()).toEqual(['Heron nesting survey', 'Otter spraint log']);
    expect(await bobLibrary.$('.library-invitation')).toBeNull();
    // the shared collection is offered by its name after `collection:`, and names its gems in the query
    await typeSearch(bobLibrary, 'collection:"Fie');
    const offered = '[role="listbox"][aria-label="Collections"] [role="option"]';
    await bobLibrary.waitForSelector(offered);
    expect(await bobLibrary.$$eval(offered, (options) => options.map((option) => option.textContent))).toEqual([
      'Field notes',
      'Field notes/Birds',
    ]);
    await shoot(bobLibrary, 'shared-collection-offered');
    await bobLibrary.keyboard.press('ArrowDown');
    await bobLibrary.keyboard.press('Enter');
    await bobLibrary.keyboard.type('-alder');
    await bobLibrary.keyboard.press('Enter');
    await bobLibrary.waitForFunction(
      () =>
        [...document.querySelectorAll('.library-row-title')].map((t) => t.textContent).join() === 'Otter spraint log',
    );

    await selectNav(bobLibrary, 'All gems');
    await search(bobLibrary, 'alder');
    await bobLibrary.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '1 gem');
    expect(await rowTitles(bobLibrary)).toEqual(['Heron nesting survey']);
    // ada's gem outside the shared collection is never found
    await search(bobLibrary, 'binoculars');
    await bobLibrary.waitForFunction(() => document.querySelectorAll('.library-row-title').length === 0);
    await search(bobLibrary, 'alder');
    await bobLibrary.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '1 gem');
    await shoot(bobLibrary, 'shared-search');
  });

  it("bob chats about the shared gem in the side panel: the fake provider receives the gem's text", async () => {
    await bobLibrary.locator('.library-row-open').click();
    await bobLibrary.waitForFunction(
      () => document.querySelector('#library-sheet-heading')?.textContent === 'Heron nesting survey',
    );
    // a viewer's sheet: what the role allows, the fields shown but not editable, no Delete
    expect(await bobLibrary.$eval('.library-sheet-shared', (p) => p.textContent)).toBe(
      'Shared with you by ada: your role lets you read it.',
    );
    expect(await bobLibrary.$eval('#gem-title', (input) => input.matches(':disabled'))).toBe(true);
    await shoot(bobLibrary, 'shared-gem-sheet');
    const opened = bob.browser.waitForTarget((t) => t.url().endsWith('/sidepanel.html'), { timeout: 15_000 });
    await bobLibrary.locator('.library-sheet button::-p-text(Chat about it)').click();
    const panel = (await (await opened).asPage()) as Page;
    await panel.setViewport({ width: 400, height: 800 });
    await panel.waitForSelector(REACT_COMPOSER);
    await panel.waitForFunction(
      () =>
        document.querySelector('[aria-label="Chosen gems and collections"] .attached-file-name')?.textContent ===
        'Heron nesting survey',
    );
    const since = fake.requests.length;
    fake.script({ chunks: ['Eleven heron ', 'nests.'] });
    await ask(panel, 'How many nests?');
    expect(await answerTo(panel, 'How many nests?')).toBe('Eleven heron nests.');
    expect(providerBodies(fake, since)[0]).toContain(HERON_TEXT);
    await shoot(panel, 'shared-gem-chat');
    // the Bookmark panel lists the collection shared with him, by its owner, under his own
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('+');
    await panel.waitForSelector('::-p-aria([name="Field notes · ada"][role="checkbox"])');
    await shoot(panel, 'shared-bookmarks');
    await panel.close();
    await bobLibrary.keyboard.press('Escape');
  });

  it('ada makes bob a contributor; from his popup he saves a page into "Field notes (ada\'s)", without tags; it is hers, and shows in her open library', async () => {
    await adaLibrary.bringToFront();
    await collectionMenu(adaLibrary, 'Field notes', 'Share…');
    const role = `[role="dialog"] select[aria-label="Role of ${BOB.username}"]`;
    await adaLibrary.waitForSelector(role);
    await adaLibrary.select(role, 'contributor');
    const roles = async () =>
      (
        (await getOverApi(env.server.url, ADA.username, ADA.password, `collections/${fieldNotesId}/shares`)) as {
          data: { role: string }[];
        }
      ).data.map((share) => share.role);
    await expect.poll(roles).toEqual(['contributor']);
    await adaLibrary.keyboard.press('Escape');
    await adaLibrary.locator('.library-nav-item::-p-text(All gems)').click();
    await adaLibrary.waitForFunction(
      () => document.querySelector('#library-results-heading')?.textContent === 'All gems',
    );

    const article = await bob.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    const popup = await openPopup(bob, article);
    await popup.waitForSelector('form[aria-busy="false"]');
    await popup.click('input#gem-collection', { count: 3 });
    await popup.type('input#gem-collection', 'field');
    expect(
      await popup.$$eval('[role="listbox"][aria-label="Collection"] [role="option"]', (options) =>
        options.map((option) => option.textContent),
      ),
    ).toEqual([
      "Field notes (ada's)shared · 2 gems",
      "Field notes / Birds (ada's)shared · 0 gems",
      '+ Create collection “field”',
    ]);
    await popup.click("::-p-text(Field notes (ada's))");
    await popup.waitForFunction(
      () => (document.querySelector('input#gem-collection') as HTMLInputElement).value === "Field notes (ada's)",
    );
    // ada's tags are hers: the tags field gives way to a line saying so
    expect(await popup.$('input#gem-tags')).toBeNull();
    await popup.waitForSelector("::-p-text(Tags in “Field notes” are ada's own)");
    await shoot(popup, 'contributor-popup');
    await submitPopupForm(popup);
    await popup.waitForSelector('.alert-success');
    expect(await popup.$eval('.alert-success', (el) => el.textContent)).toBe("Saved in Field notes (ada's).");
    await popup.close().catch(() => {});

    // opened again on the page: saved already, by him, in her collection, which stays hers
    const again = await openPopup(bob, article);
    await again.waitForSelector('form[aria-label="Edit saved gem"][aria-busy="false"]');
    // named once the popup has the shared collections (read beside the form, which does not wait for them)
    await again.waitForFunction(() =>
      document.querySelector('.alert-info')?.textContent?.includes("Field notes (ada's)"),
    );
    expect(await again.$eval('.alert-info', (el) => el.textContent)).toMatch(
      /^Added by you to Field notes \(ada's\) on .+\. Changes update that gem; its collection and tags are ada's\.$/,
    );
    expect(await again.$('input#gem-collection')).toBeNull();
    await shoot(again, 'contributor-popup-saved-here');
    await again.close().catch(() => {});
    await article.close();
    // ada's library, open all along, shows it: its stream said her library changed (nothing reloaded or clicked)
    await adaLibrary.waitForFunction(
      (title) => [...document.querySelectorAll('.library-row-title')].some((el) => el.textContent === title),
      {},
      ARTICLE_TITLE,
    );

    const inFieldNotes = (await getOverApi(
      env.server.url,
      ADA.username,
      ADA.password,
      `filter-search?collectionId=${fieldNotesId}&perPage=10`,
    )) as { data: { title: string; author: { username: string }; tags: unknown[] }[] };
    const added = inFieldNotes.data.find((gem) => gem.title === ARTICLE_TITLE);
    expect(added?.author.username).toBe(ADA.username);
    expect(added?.tags).toEqual([]);
  });

  it('ada removes his access: bob\'s open library leaves "Field notes" at once, its gems no longer found or readable', async () => {
    // bob has the shared collection open while ada removes him: his tab is told, no reload
    await selectNav(bobLibrary, 'Field notes · ada');
    await bobLibrary.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '3 gems');
    await adaLibrary.bringToFront();
    await collectionMenu(adaLibrary, 'Field notes', 'Share…');
    await adaLibrary.locator(`[role="dialog"] button[aria-label="Remove ${BOB.username}"]`).click();
    await adaLibrary.waitForSelector('[role="dialog"] ::-p-text(Only you. Invite someone above.)');
    await adaLibrary.keyboard.press('Escape');
    // bob's tab (the front one of his browser, never focused again) is told by its access stream
    await bobLibrary.waitForFunction(
      () =>
        document.querySelector('.library-move-notice span')?.textContent ===
        'Your access to "Field notes" (shared by ada) was removed',
    );

    const heron = (await getOverApi(env.server.url, ADA.username, ADA.password, 'filter-search?q=alder')) as {
      data: { id: number }[];
    };
    const bobToken = await signInOverApi(env.server.url, BOB.username, BOB.password);
    const read = await fetch(`${env.server.url}/api/gems/${heron.data[0]?.id}`, {
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect(read.status).toBe(404);

    await bobLibrary.bringToFront();
    await bobLibrary.waitForFunction(() => !document.querySelector('#library-shared-heading'));
    expect(await navLabels(bobLibrary)).not.toContain('Field notes · ada');
    expect(
      await bobLibrary.$eval('.library-nav-item[aria-current="page"] .library-nav-label', (l) => l.textContent),
    ).toBe('All gems');
    await shoot(bobLibrary, 'access-removed-notice');
    await search(bobLibrary, 'alder');
    await bobLibrary.waitForFunction(() => document.querySelectorAll('.library-row-title').length === 0);
    expect(await rowTitles(bobLibrary)).toEqual([]);
    await shoot(bobLibrary, 'access-removed');
  });

  it('ada publishes "Field notes" (accepting offers); its public page reads signed out, without the extension', async () => {
    await adaLibrary.bringToFront();
    await collectionMenu(adaLibrary, 'Field notes', 'Publish…');
    await adaLibrary.locator('[role="dialog"] [role="switch"]').click();
    await adaLibrary.waitForSelector('[role="dialog"] [role="switch"][aria-checked="true"]');
    await adaLibrary.locator('[role="dialog"] label::-p-text(Accept offered gems)').click();
    await adaLibrary.locator('[role="dialog"] button[type="submit"]').click();
    const address = await adaLibrary.waitForSelector('[role="dialog"] .library-publish-url input');
    publicUrl = (await address?.evaluate((input) => (input as HTMLInputElement).value)) ?? '';
    expect(publicUrl).toBe(`${env.server.url}/${ADA.username}/field-notes`);
    await adaLibrary.keyboard.press('Escape');

    // A fresh incognito context of bob's browser: no extension, no cookies, no one signed in.
    const visitor = await (bob.browser as Browser).createBrowserContext();
    try {
      const page = await visitor.newPage();
      await page.setJavaScriptEnabled(false);
      await page.setViewport({ width: 1024, height: 768 });
      const response = await page.goto(publicUrl);
      expect(response?.status()).toBe(200);
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Field notes');
      const titles = await page.$$eval('.gem', (gems) => gems.map((gem) => gem.querySelector('a')?.textContent ?? ''));
      expect(titles.sort()).toEqual([ARTICLE_TITLE, 'Heron nesting survey', 'Otter spraint log']);
      expect(await page.content()).not.toContain('Private shopping list');
      await shoot(page, 'public-page', false);
    } finally {
      await visitor.close();
    }
  });

  it('bob offers his gem from its sheet; ada approves it under Offers…; it is on the public page and bob sees Approved', async () => {
    await bobLibrary.bringToFront();
    await search(bobLibrary, 'kingfisher');
    await bobLibrary.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '1 gem');
    await bobLibrary.locator('.library-row-open').click();
    await bobLibrary.waitForFunction(
      () => document.querySelector('#library-sheet-heading')?.textContent === 'Kingfisher burrow photos',
    );
    await bobLibrary.locator('.library-sheet button::-p-text(Share ▾)').click();
    await bobLibrary.locator('[role="menuitem"]::-p-text(Offer to a public collection…)').click();
    await bobLibrary.locator('[role="dialog"] input').fill(publicUrl);
    await bobLibrary.locator('[role="dialog"] button[type="submit"]').click();
    await bobLibrary.waitForSelector('[role="dialog"] [role="status"]');
    expect(await bobLibrary.$eval('[role="dialog"] [role="status"]', (el) => el.textContent)).toBe(
      'Offered to Field notes by ada: it waits for their approval (see Your offers).',
    );
    await shoot(bobLibrary, 'offer-dialog');
    await bobLibrary.keyboard.press('Escape');
    await bobLibrary.keyboard.press('Escape'); // and the gem's sheet

    await adaLibrary.bringToFront();
    await collectionMenu(adaLibrary, 'Field notes', 'Offers…');
    const approve = '[role="dialog"] button[aria-label="Approve Kingfisher burrow photos"]';
    await adaLibrary.waitForSelector(approve);
    await shoot(adaLibrary, 'offers-pending');
    await adaLibrary.locator(approve).click();
    await adaLibrary.waitForFunction((s) => !document.querySelector(s), {}, approve);
    await adaLibrary.keyboard.press('Escape');
    const page = await (await fetch(publicUrl, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('Kingfisher burrow photos');

    await bobLibrary.bringToFront();
    await selectNav(bobLibrary, 'Your offers');
    await bobLibrary.waitForSelector('.offer-item[data-status="approved"]');
    expect(await bobLibrary.$eval('.offer-item .offer-item-title', (el) => el.textContent)).toBe(
      'Kingfisher burrow photos',
    );
    expect(await bobLibrary.$eval('.offer-item .offer-item-status', (el) => el.textContent)).toMatch(/^Approved on /);
    await shoot(bobLibrary, 'your-offers');
  });

  it('bob follows the public collection; a gem ada saves there next shows in his Following, marked new', async () => {
    await selectNav(bobLibrary, 'Following');
    await bobLibrary.locator('#library-follow-address').fill(publicUrl);
    await bobLibrary.locator('.library-follow-form button[type="submit"]').click();
    await bobLibrary.waitForSelector('.library-follow-form [role="status"]');
    expect(await bobLibrary.$eval('.library-follow-form [role="status"]', (el) => el.textContent)).toBe(
      'Following Field notes by ada',
    );

    await saveGemOverApi(env.server.url, ADA.username, ADA.password, {
      title: 'Barn owl pellets',
      url: 'https://wetlands.example.test/owls',
      text: 'Vole skulls in every pellet from the old barn.',
      collectionId: fieldNotesId,
    });
    // The library learns of it as a user would: the sidebar's Following count when the page is opened again.
    await bobLibrary.reload();
    await bobLibrary.waitForFunction(() =>
      [...document.querySelectorAll('.library-nav-item')].some(
        (item) =>
          item.querySelector('.library-nav-label')?.textContent === 'Following' &&
          item.querySelector('.library-nav-count'),
      ),
    );
    await selectNav(bobLibrary, 'Following');
    await bobLibrary.waitForSelector('.library-following-gem');
    const gems = await bobLibrary.$$eval('.library-following-gem', (items) =>
      items.map((item) =>
        `${item.querySelector('a')?.textContent} ${item.querySelector('.library-follow-new') ? 'new' : ''}`.trim(),
      ),
    );
    expect(gems[0]).toBe('Barn owl pellets new');
    expect(gems.some((gem) => gem.startsWith('Kingfisher burrow photos'))).toBe(true);
    await shoot(bobLibrary, 'following');
  });

  it('bob, signed in in both profiles, changes his password in one: the other profile is signed out', async () => {
    // ada's browser becomes bob's second sign-in.
    const adaOptions = await openExtensionPage(ada, 'options.html');
    await adaOptions.locator('button::-p-text(Sign out)').click();
    await adaOptions.locator('[role="tab"]::-p-text(Sign in)').click();
    await adaOptions.locator('#signin-identifier').fill(BOB.username);
    await adaOptions.locator('#signin-password').fill(BOB.password);
    await adaOptions.locator('form[aria-label="Sign in"] button[type="submit"]').click();
    await adaOptions.waitForFunction(() => document.querySelector('.signed-in-as strong')?.textContent === 'bob');
    const second = await openLibrary(ada);
    await second.waitForSelector('.library-row-title');

    // Every sign-in of bob's but this profile's is signed out: the other profile, and the test's own API sign-ins.
    const token = await signInOverApi(env.server.url, BOB.username, BOB.password);
    const sessions = await fetch(`${env.server.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } });
    const others = ((await sessions.json()) as { data: unknown[] }).data.length - 1;
    expect(others).toBeGreaterThanOrEqual(2);
    const options = await openExtensionPage(bob, 'options.html');
    await options.setViewport({ width: 1024, height: 900 });
    await options.locator('#password-current').fill(BOB.password);
    await options.locator('#password-new').fill('a new Battery-staple 42');
    await options.locator('#password-confirm').fill('a new Battery-staple 42');
    await options.locator('form[aria-label="Change password"] button[type="submit"]').click();
    await options.waitForSelector('form[aria-label="Change password"] ::-p-text(Password changed.)');
    expect(await options.$eval('form[aria-label="Change password"] .alert-success', (el) => el.textContent)).toBe(
      `Password changed. ${others} other sign-ins were signed out.`,
    );
    await (await options.$('form[aria-label="Change password"]'))?.scrollIntoView();
    await shoot(options, 'password-changed');

    // The other profile's next request is refused and its refresh fails: its background forgets the sign-in. The
    // library open there switches to its sign-in view, and every page opened after shows signed out.
    await second.bringToFront();
    await second.reload();
    await second.waitForSelector('::-p-text(Sign in to see your library)', { timeout: 20_000 });
    expect(await second.$('.library-row-title')).toBeNull();
    await shoot(second, 'session-ended');
    const reopened = await openExtensionPage(ada, 'library.html');
    await reopened.setViewport({ width: 1280, height: 800 });
    await reopened.waitForSelector('::-p-text(Sign in to see your library)', { timeout: 20_000 });
    expect(await reopened.$('.library-row-title')).toBeNull();
    await shoot(reopened, 'signed-out');
    await adaOptions.bringToFront();
    await adaOptions.reload();
    await adaOptions.waitForSelector('[role="tab"]::-p-text(Sign in)');
    expect(await adaOptions.$('.signed-in-as')).toBeNull();
    // and this profile stays signed in
    await bobLibrary.bringToFront();
    await bobLibrary.reload();
    await bobLibrary.waitForSelector('.library-sidebar');
    expect(await bobLibrary.$('::-p-text(Sign in to see your library)')).toBeNull();
  });
});
