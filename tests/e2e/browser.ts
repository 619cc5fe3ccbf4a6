import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Extension, type Page } from 'puppeteer';
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
 */
/**
 * `keepWelcome`: leave the welcome page the install opens (tests/e2e/first-use.test.ts walks it); other journeys
 * start as a user who has closed it, so that its tab does not stand in for the page they are about.
 */
export async function launchWithExtension(
  path = extensionPath,
  options: { keepWelcome?: boolean } = {},
): Promise<ExtensionBrowser> {
  if (!existsSync(`${path}/manifest.json`)) throw new Error(`Build the extension first (npm run build): ${path}`);
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
    ],
  });
  reportOnFailure(browser);
  const worker = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().endsWith('/background.js'),
  );
  const extensionId = new URL(worker.url()).host;
  const extension = (await browser.extensions()).get(extensionId);
  if (!extension) throw new Error(`extension ${extensionId} is not listed`);
  if (!options.keepWelcome) await closeWelcomePage(browser, extensionId);
  return { browser, extension, extensionId, close: () => browser.close() };
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
