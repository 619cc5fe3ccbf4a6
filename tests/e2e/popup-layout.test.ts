import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, emulateTheme, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { fetchGems, signUpAndSignIn } from './flows';

/**
 * The popup in real Chromium, on a page with a long title and description, for a user with many
 * collections and tags: it stays within Chrome's 600 px popup height in every state, it can be used
 * with the keyboard alone, and screenshots of each state (light and dark) go to test-output/screenshots/.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const THEMES = ['light', 'dark'] as const;
const USER = { username: 'layouter', email: 'layouter@example.test', password: 'correct horse battery' };
const MAX = 600;

/** The document's and the body's scroll heights: what Chrome sizes the popup by. */
function heights(page: Page) {
  return page.evaluate(() => ({ document: document.documentElement.scrollHeight, body: document.body.scrollHeight }));
}

async function shootBothThemes(page: Page, name: string) {
  for (const theme of THEMES) {
    await emulateTheme(page, theme);
    await page.screenshot({ path: `${SCREENSHOTS}popup-${name}-${theme}.png`, fullPage: true });
  }
  await emulateTheme(page, 'light');
}

async function api(serverUrl: string, path: string, jwt: string, body: unknown) {
  const response = await fetch(`${serverUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data;
}

async function jwtOf(serverUrl: string) {
  const signIn = await fetch(`${serverUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: USER.username, password: USER.password }),
  });
  return ((await signIn.json()) as { jwt: string }).jwt;
}

/**
 * What moved up or down in the popup since it opened, as the browser recorded it (layout-shift entries,
 * buffered from the start), counting only what was already in view: the form filling in must not push
 * anything the user can see. (A text that changes in place, or the footer coming into view as the
 * skeleton gives way to the form, is not counted.)
 */
function verticalShifts(page: Page) {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const entries = observer.takeRecords() as (PerformanceEntry & { sources: Source[] })[];
    observer.disconnect();
    return entries.flatMap((entry) =>
      entry.sources
        .filter((s) => s.previousRect.height > 0 && s.previousRect.y !== s.currentRect.y)
        .map(
          (s) =>
            `${(s.node as Element | null)?.className ?? s.node?.nodeName}: ${s.previousRect.y} → ${s.currentRect.y}`,
        ),
    );
  });
}

/** Presses Tab until the element with `id` has focus (a keyboard user's way there). */
async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 30; i++) {
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

describe('the popup within 600 px, by keyboard, light and dark', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let pageUrl: string;
  const measured: Record<string, { document: number; body: number }> = {};

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    env = await startE2eEnvironment('layout');
    ctx = env.ctx;
    pageUrl = `${env.site.url}/long-read.html`;
    await signUpAndSignIn(ctx, env.server.url, USER);
    const jwt = await jwtOf(env.server.url);
    // Many collections (some nested, some with long names) and many tags.
    for (let i = 1; i <= 24; i++) {
      const parent = await api(env.server.url, 'collections', jwt, {
        data: { name: `Area ${String(i).padStart(2, '0')} — reading list with a long name` },
      });
      if (i % 4 === 0)
        await api(env.server.url, 'collections', jwt, { data: { name: `Sub ${i}`, parentId: parent.id } });
    }
    for (let i = 1; i <= 40; i++) await api(env.server.url, 'tags', jwt, { data: { tag: `topic-${i}` } });
  });

  afterAll(async () => {
    console.log('popup heights (document / body scrollHeight, px):', JSON.stringify(measured));
    await env?.close();
  });

  it('fresh: the form fits, filled in from the long page', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    await popup.waitForFunction(
      () => (document.querySelector('img.preview-image') as HTMLImageElement | null)?.complete,
    );
    expect(await popup.$eval('#gem-description', (el) => (el as HTMLTextAreaElement).value.length)).toBeGreaterThan(
      250,
    );
    // Shown from the tab alone, then filled in (page, collections, tags, the look-up): nothing in view moved.
    expect(await verticalShifts(popup)).toEqual([]);
    measured.fresh = await heights(popup);
    expect(measured.fresh.document).toBeLessThanOrEqual(MAX);
    expect(measured.fresh.body).toBeLessThanOrEqual(MAX);
    await shootBothThemes(popup, 'fresh');

    // With Details open (address, image, type) and a few chips it still fits.
    await popup.click('button[aria-expanded="false"]::-p-text(Details)');
    await popup.type('#gem-tags', 'one,two,three,four,five,six,');
    measured.details = await heights(popup);
    expect(measured.details.document).toBeLessThanOrEqual(MAX);
    // How tall the form itself is then (it scrolls inside the popup if it is taller than the room it has).
    measured.detailsFormContent = await popup.$eval('.popup-main', (el) => ({
      document: el.scrollHeight,
      body: el.clientHeight,
    }));
    await popup.screenshot({ path: `${SCREENSHOTS}popup-details-open-light.png`, fullPage: true });
    await popup.close().catch(() => {});
    await page.close();
  });

  it('picker open: the collection list opens where it fits, inside the popup', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    await popup.click('#gem-collection');
    await popup.waitForSelector('[role="listbox"]');
    expect(await popup.$$eval('[role="listbox"] [role="option"]', (o) => o.length)).toBeGreaterThan(25);
    const list = await popup.$eval('[role="listbox"]', (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, viewport: window.innerHeight };
    });
    expect(list.top).toBeGreaterThanOrEqual(0);
    expect(list.bottom).toBeLessThanOrEqual(list.viewport);
    measured.pickerOpen = await heights(popup);
    expect(measured.pickerOpen.document).toBeLessThanOrEqual(MAX);
    expect(measured.pickerOpen.body).toBeLessThanOrEqual(MAX);
    await shootBothThemes(popup, 'picker-open');
    await popup.close().catch(() => {});
    await page.close();
  });

  it('keyboard only: Tab, type, ↓ Enter in the collection picker, Enter saves; the success state fits', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    await tabTo(popup, 'gem-title');
    await popup.keyboard.down('Control');
    await popup.keyboard.press('KeyA');
    await popup.keyboard.up('Control');
    await popup.keyboard.type('Waterfront, by keyboard');
    await tabTo(popup, 'gem-collection');
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    const chosen = await popup.$eval(
      '#gem-collection',
      (el) =>
        document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.querySelector('.ui-option-label')
          ?.textContent,
    );
    await popup.keyboard.press('Enter');
    expect(await popup.$eval('#gem-collection', (el) => (el as HTMLInputElement).value)).toBe(chosen);
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-text(Open in library)');
    // Interacting keeps the popup open for the screenshots.
    await popup.mouse.move(20, 20);
    await popup.mouse.move(40, 40);
    await popup.waitForSelector('::-p-text(This window stays open.)');
    measured.success = await heights(popup);
    expect(measured.success.document).toBeLessThanOrEqual(MAX);
    await shootBothThemes(popup, 'success');

    const { data } = await fetchGems(env.server.url, USER.username, USER.password);
    expect(data).toHaveLength(1);
    expect(data[0]?.title).toBe('Waterfront, by keyboard');
    expect(chosen).toMatch(/^Area 01/);
    expect(await popup.$eval('.alert-success', (el) => el.textContent)).toBe(`Saved in ${chosen}.`);
    const onServer = await fetch(`${env.server.url}/api/gems/${data[0]?.id}`, {
      headers: { authorization: `Bearer ${await jwtOf(env.server.url)}` },
    });
    const gem = ((await onServer.json()) as { data: { collectionId: number } }).data;
    const collection = await fetch(`${env.server.url}/api/get-user-collections`, {
      headers: { authorization: `Bearer ${await jwtOf(env.server.url)}` },
    });
    const names = ((await collection.json()) as { data: { id: number; name: string }[] }).data;
    expect(names.find((c) => c.id === gem.collectionId)?.name).toBe(chosen);
    await popup.close().catch(() => {});
    await page.close();
  });

  it('already saved: the edit form with Update and Delete (and its confirm step) fits', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-label="Edit saved gem"]');
    measured.alreadySaved = await heights(popup);
    expect(measured.alreadySaved.document).toBeLessThanOrEqual(MAX);
    expect(measured.alreadySaved.body).toBeLessThanOrEqual(MAX);
    const update = await popup.$eval('button[type="submit"]', (el) => ({
      text: el.textContent,
      bottom: el.getBoundingClientRect().bottom,
    }));
    expect(update.text).toBe('Update gem');
    expect(update.bottom).toBeLessThanOrEqual(MAX);
    await shootBothThemes(popup, 'already-saved');
    await popup.click('::-p-text(Delete)');
    await popup.waitForSelector('::-p-text(Delete this gem?)');
    measured.deleteConfirm = await heights(popup);
    expect(measured.deleteConfirm.document).toBeLessThanOrEqual(MAX);
    await popup.close().catch(() => {});
    await page.close();
  });

  it('the Report a bug dialog keeps the popup within 600 px', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    await popup.click('::-p-text(Report a bug)');
    await popup.waitForSelector('[role="dialog"]');
    measured.reportDialog = await heights(popup);
    expect(measured.reportDialog.document).toBeLessThanOrEqual(MAX);
    expect(measured.reportDialog.body).toBeLessThanOrEqual(MAX);
    // Submit is in view without scrolling: the dialog's fields scroll inside it, its actions stay below them.
    const submit = await popup.$eval('[role="dialog"] button[type="submit"]', (el) =>
      Math.round(el.getBoundingClientRect().bottom),
    );
    console.log(`report dialog: Submit's bottom edge at ${submit} px`);
    expect(submit).toBeLessThanOrEqual(MAX);
    await shootBothThemes(popup, 'report-dialog');
    await popup.close().catch(() => {});
    await page.close();
  });
});
