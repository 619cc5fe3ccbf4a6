import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Extension, type Page, type Target } from 'puppeteer';
import { reportOnFailure } from './open-browsers';

export const extensionPath = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  browser: Browser;
  extension: Extension;
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with the built extension (or the one in `path`) loaded and no way to reach the network.
 * `keepWelcome`: leave the welcome page the install opens (tests/e2e/first-use.test.ts walks it); other journeys
 * start as a user who has closed it, so that its tab does not stand in for the page they are about.
 * `asUsersRunIt`: without the tests' CPU savings (shared renderers, baseline JavaScript only), for the benches: what
 * they time is what a user's Chromium does.
 */
export async function launchWithExtension(
  path = extensionPath,
  options: { keepWelcome?: boolean; asUsersRunIt?: boolean } = {},
): Promise<ExtensionBrowser> {
  if (!existsSync(`${path}/manifest.json`)) throw new Error(`Build the extension first (npm run build): ${path}`);
  const reusable = path === extensionPath && !options.asUsersRunIt;
  const browser =
    (reusable && (await takeParkedBrowser(path))) || (await launch(path, options.asUsersRunIt ? [] : TEST_SAVINGS));
  const worker = await browser.waitForTarget(isBackground);
  const extensionId = new URL(worker.url()).host;
  const extension = (await browser.extensions()).get(extensionId);
  if (!extension) throw new Error(`extension ${extensionId} is not listed`);
  if (!options.keepWelcome) await closeWelcomePage(browser, extensionId);
  return {
    browser,
    extension,
    extensionId,
    close: () => (reusable ? parkBrowser(browser, extensionId) : browser.close()),
  };
}

/** The extension's service worker's target. */
export const isBackground = (t: Target) => t.type() === 'service_worker' && t.url().endsWith('/background.js');

/** Flags that save the journeys CPU and change nothing they check (a user's Chromium runs without them). */
const TEST_SAVINGS = [
  // Pages share renderer processes instead of one process per site and tab: a journey opens a dozen pages and
  // each new process costs its start-up (measured on 6 files, 2 workers: 200.9, 209.3 → 165.9, 185.9 CPU s).
  // The extension's pages still run apart from web pages, as Chromium always keeps them.
  '--renderer-process-limit=1',
  '--disable-site-isolation-trials',
  // The pages' JavaScript as V8's baseline code (Sparkplug), not optimised on background threads: a journey's page
  // lives seconds, too short for the optimising compilers to pay back their CPU. Four journey files, two runs each:
  // renderers 47.8, 47.6 → 39.8, 39.6 CPU s (ignition only: 41.9; up to Maglev: 46.0).
  '--js-flags=--max-opt=1',
];

async function launch(path: string, savings: string[]): Promise<Browser> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    pipe: true,
    enableExtensions: [path],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...savings,
    ],
  });
  return reportOnFailure(browser);
}

/**
 * One Chromium kept between the e2e files a vitest worker runs one after another, where the e2e project turns it on
 * (`TROVE_E2E_REUSE_BROWSERS`, vitest.config.ts; a bench's parked browser would keep the bench running): a launch
 * costs ~4.5 CPU s. A file's browser is parked when the file closes it: every page closed but a blank one, the
 * extension uninstalled (its storage, alarms, grants and its pages' localStorage go with it), the browser's cookies,
 * permission overrides and download behaviour reset. The next file installs the build in it again: a new install,
 * welcome page included, as in a browser of its own. A parked browser ends with its worker (the pipe closes).
 */
let parked: Browser | undefined;

async function parkBrowser(browser: Browser, extensionId: string): Promise<void> {
  if (process.env.TROVE_E2E_REUSE_BROWSERS !== '1' || parked || !browser.connected) return browser.close();
  try {
    const blank = await browser.newPage();
    await Promise.all((await browser.pages()).filter((page) => page !== blank).map((page) => page.close()));
    await browser.uninstallExtension(extensionId);
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Storage.clearCookies', {});
    await cdp.send('Browser.resetPermissions', {});
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'default' });
    await cdp.detach();
    parked = browser;
  } catch {
    await browser.close();
  }
}

/** The parked browser, with the build at `path` newly installed, if there is one still running. */
async function takeParkedBrowser(path: string): Promise<Browser | undefined> {
  const browser = parked;
  parked = undefined;
  if (!browser?.connected) return undefined;
  await browser.installExtension(path);
  return browser;
}

async function closeWelcomePage(browser: Browser, extensionId: string) {
  const welcome = await browser
    .waitForTarget((t) => t.url() === `chrome-extension://${extensionId}/options.html#welcome`, { timeout: 10_000 })
    .catch(() => null);
  await (await welcome?.page())?.close();
}

/** Clicks the toolbar button for `page` and returns the popup it opens (`file`: the popup the action shows). */
export async function openPopup(ctx: ExtensionBrowser, page: Page, file = 'popup.html'): Promise<Page> {
  await page.bringToFront();
  const popupUrl = `chrome-extension://${ctx.extensionId}/${file}`;
  const opened = ctx.browser.waitForTarget((t) => t.url() === popupUrl, { timeout: 15_000 });
  await page.triggerExtensionAction(ctx.extension);
  const target = await opened;
  const popup = await target.asPage();
  return popup;
}

/**
 * Clicks what closes the popup (a button that opens a tab or the side panel, then calls window.close()). A locator's
 * click retries on any error until its timeout: when the popup is gone before Chromium has answered the click (a loaded
 * machine), every retry fails on the closed page and the journey times out, though the click did its work. So the
 * click stops once the popup has closed; the caller checks what the click opened.
 */
export async function clickClosingPopup(popup: Page, selector: string): Promise<void> {
  const closed = new AbortController();
  popup.once('close', () => closed.abort());
  await popup
    .locator(selector)
    .click({ signal: closed.signal })
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
}

/**
 * Saves with the popup's form as Enter in its title does, once the form is filled in and its suggestions have come (or
 * failed): a click on Save gem could miss it while the suggestion rows above it appear and go.
 */
export async function submitPopupForm(popup: Page): Promise<void> {
  await popup.waitForSelector('form[aria-busy="false"]');
  await popup.waitForFunction(() => !document.querySelector('.suggested [role="status"]'));
  await popup.focus('#gem-title');
  await popup.keyboard.press('Enter');
}

/**
 * Focuses the first element matching `selector` once it is there: `page.focus` throws at once when a list is still
 * loading or being drawn again (a view that changed a moment before), so this retries until focus has landed.
 */
export async function focusWhenShown(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector<HTMLElement>(sel);
      element?.focus();
      return element !== null && document.activeElement === element;
    },
    {},
    selector,
  );
}

export async function openExtensionPage(ctx: ExtensionBrowser, path: string): Promise<Page> {
  const page = await ctx.browser.newPage();
  await page.goto(`chrome-extension://${ctx.extensionId}/${path}`);
  return page;
}

/**
 * Shows `page` in the system theme `theme`, with motion reduced: buttons ease their colours over
 * 120 ms otherwise, and a screenshot taken at once catches them halfway (grey text on grey).
 */
export function emulateTheme(page: Page, theme: 'light' | 'dark') {
  return page.emulateMediaFeatures([
    { name: 'prefers-color-scheme', value: theme },
    { name: 'prefers-reduced-motion', value: 'reduce' },
  ]);
}
