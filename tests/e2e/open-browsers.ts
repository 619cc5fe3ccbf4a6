import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer';

/**
 * The browsers the launchers started (browser.ts, firefox.ts), and what their pages show: read by the e2e project's
 * failure report (failure-report.ts). No vitest here: the benches launch browsers through the same launchers.
 */
export const FAILURES = fileURLToPath(new URL('../../test-output/failures/', import.meta.url));
const openBrowsers = new Set<Browser>();

/** Called by the launchers (browser.ts, firefox.ts) for each browser they start. */
export function reportOnFailure(browser: Browser): Browser {
  openBrowsers.add(browser);
  browser.once('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/** A page that hangs (or a browser gone) must not hold the report: each look gets a few seconds. */
function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), 5_000)),
  ]);
}

const shownText = `(document.body?.innerText ?? '').replace(/\\s+/g, ' ').trim().slice(0, 800)`;

/**
 * The extension's open toolbar popups (not among `browser.pages()`), then the browser's pages. The popups come first:
 * a page brought to the front for its screenshot closes them.
 */
async function pagesOf(browser: Browser): Promise<{ page: Page; popup: boolean }[]> {
  const pages = await within(browser.pages(), []);
  const tabs = new Set(pages.map((page) => page.target()));
  const popups = browser
    .targets()
    .filter((t) => !tabs.has(t) && t.url().startsWith('chrome-extension://') && t.url().endsWith('.html'));
  const popupPages = await Promise.all(popups.map((t) => within(t.asPage(), null)));
  return [
    ...popupPages.flatMap((page) => (page ? [{ page, popup: true }] : [])),
    ...pages.map((page) => ({ page, popup: false })),
  ];
}

export async function describeBrowsers(testName: string): Promise<string[]> {
  const lines: string[] = [];
  let n = 0;
  for (const browser of openBrowsers) {
    for (const { page, popup } of await pagesOf(browser)) {
      n += 1;
      const text = await within(
        page.evaluate(shownText).catch((error: Error) => `(unreadable: ${error.message})`),
        '(no answer within 5 s)',
      );
      const file = `${FAILURES}${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${n}.png`;
      const shot = await within(
        (popup ? Promise.resolve() : page.bringToFront())
          .then(() => page.screenshot({ path: file }))
          .then(() => `, screenshot ${file}`),
        ', no screenshot',
      );
      lines.push(`  ${popup ? 'popup' : 'page'} ${n}: ${page.url()}${shot}\n    ${text || '(no text)'}`);
    }
  }
  return lines;
}
