import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer';
import { reportOnFailure } from './open-browsers';

/**
 * Debian's Firefox ESR with the built Firefox extension, driven by Puppeteer over WebDriver BiDi. What
 * differs from Chromium (./browser.ts): the add-on is installed as a temporary add-on after launch; its pages
 * (moz-extension://) send no navigation events over BiDi, and their CSP refuses the `Function` Puppeteer's
 * waitFor* and locators compile in the page, so pages are polled with plain evaluations (`until`).
 */

export const firefoxExtensionPath = fileURLToPath(new URL('../../.output/firefox-mv2', import.meta.url));
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The add-on's id (wxt.config.ts) and the moz-extension:// host it is given, set by a pref. */
const ADDON_ID = 'trove@trove.local';
const UUID = '5d7c1f0e-3a2b-4c6d-9e8f-7a6b5c4d3e2f';

export interface FirefoxWithExtension {
  browser: Browser;
  /** `moz-extension://<uuid>/` */
  base: string;
  close(): Promise<void>;
}

export async function launchFirefoxWithExtension(): Promise<FirefoxWithExtension> {
  if (!existsSync(`${firefoxExtensionPath}/manifest.json`))
    throw new Error(`Build the Firefox extension first (npx wxt build -b firefox): ${firefoxExtensionPath}`);
  if (!existsSync(FIREFOX))
    throw new Error(`No Firefox at ${FIREFOX} (apt-get install -y firefox-esr, or FIREFOX_PATH)`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }),
      // An optional permission asked for on a click ("Follow the active tab") is granted as the user's
      // Allow in the prompt would grant it; headless Firefox has no prompt to click.
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  reportOnFailure(browser);
  const installed = await browser.installExtension(firefoxExtensionPath);
  if (installed !== ADDON_ID) throw new Error(`installed ${installed}, not ${ADDON_ID}`);
  return { browser, base: `moz-extension://${UUID}/`, close: () => browser.close() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Evaluates `expression` in the page until it is truthy, and returns it (an element: `true`). */
export async function until<T>(page: Page, expression: string, what = expression, timeout = 30_000): Promise<T> {
  const end = Date.now() + timeout;
  const checked = `(() => { const value = (${expression}); return value instanceof Node ? true : value; })()`;
  for (;;) {
    const value = await page.evaluate(checked).catch(() => undefined);
    if (value) return value as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

/** The first element matching `selector` whose text contains `text`, once there is one. */
export async function findByText(page: Page, selector: string, text: string): Promise<ElementHandle<Element>> {
  const find = `[...document.querySelectorAll(${JSON.stringify(selector)})].find((el) => el.textContent.includes(${JSON.stringify(text)}))`;
  await until(page, `!!${find}`, `${selector} with "${text}"`);
  return (await page.evaluateHandle(find)) as ElementHandle<Element>;
}

/**
 * Sets the page's width (and height). Firefox ESR has no BiDi screen-orientation override, which
 * Puppeteer's setViewport also sends; the size itself is set, and checked here.
 */
export async function setWidth(page: Page, width: number, height = 700) {
  await page.setViewport({ width, height }).catch((error: Error) => {
    if (!error.message.includes('setScreenOrientationOverride')) throw error;
  });
  await until(page, `window.innerWidth === ${width}`, `a ${width} px wide page`);
}

/** Each page's address as its document says (pages of the extension send no navigation events over BiDi). */
async function pagesAt(ctx: FirefoxWithExtension): Promise<{ page: Page; href: string }[]> {
  const pages = await ctx.browser.pages();
  const hrefs = await Promise.all(pages.map((page) => page.evaluate('location.href').catch(() => '')));
  return pages.map((page, index) => ({ page, href: String(hrefs[index]) }));
}

/**
 * Opens `path` of the extension once its document has loaded: in a new tab (`background`: behind the active
 * one), or in a window of its own (`window`; the tab there is in front, so the page paints). Firefox ESR 153 refuses
 * WebDriver's navigation to moz-extension:// addresses, so the extension opens it from one of its pages already open
 * (the welcome page it opens on install, at first), as its own pages do; an older Firefox without such a page is
 * navigated.
 */
export async function openFirefoxPage(
  ctx: FirefoxWithExtension,
  path: string,
  options: { width?: number; background?: boolean; window?: boolean } = {},
): Promise<Page> {
  const url = ctx.base + path;
  let before = await pagesAt(ctx);
  let opener = before.find(({ href }) => href.startsWith(ctx.base))?.page;
  // Just installed, the welcome page may still be on its way.
  for (const end = Date.now() + 10_000; !opener && Date.now() < end; ) {
    await pause(200);
    before = await pagesAt(ctx);
    opener = before.find(({ href }) => href.startsWith(ctx.base))?.page;
  }
  let page: Page;
  if (opener) {
    const create = options.window
      ? `browser.windows.create({ url: ${JSON.stringify(url)}, focused: true })`
      : `browser.tabs.create({ url: ${JSON.stringify(url)}, active: ${!options.background} })`;
    await opener.evaluate(`${create}.then(() => true)`);
    const known = new Set(before.map((entry) => entry.page));
    const end = Date.now() + 30_000;
    for (;;) {
      const opened = (await pagesAt(ctx)).find((entry) => !known.has(entry.page) && entry.href === url);
      if (opened) {
        page = opened.page;
        break;
      }
      if (Date.now() > end) throw new Error(`timed out waiting for ${url} to open`);
      await pause(100);
    }
  } else {
    page = await ctx.browser.newPage(options.window ? { type: 'window' } : { background: options.background });
    // The navigation happens; only its events never come (see above), so this promise only ever times out.
    void page.goto(url).catch(() => {});
  }
  await until(page, `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`, url);
  if (options.width) await setWidth(page, options.width);
  return page;
}

/** Reloads an extension page and waits for its document again. */
export async function reload(page: Page) {
  await page.evaluate(`document.documentElement.dataset.reloading = '1'; location.reload()`);
  await until(page, `!document.documentElement.dataset.reloading && document.readyState === 'complete'`, 'reload');
}
