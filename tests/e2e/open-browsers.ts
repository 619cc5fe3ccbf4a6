import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer';

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

export async function describeBrowsers(testName: string): Promise<string[]> {
  const lines: string[] = [];
  let n = 0;
  for (const browser of openBrowsers) {
    for (const page of await within(browser.pages(), [])) {
      n += 1;
      const text = await within(
        page.evaluate(shownText).catch((error: Error) => `(unreadable: ${error.message})`),
        '(no answer within 5 s)',
      );
      const file = `${FAILURES}${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${n}.png`;
      const shot = await within(
        page
          .bringToFront()
          .then(() => page.screenshot({ path: file }))
          .then(() => `, screenshot ${file}`),
        ', no screenshot',
      );
      lines.push(`  page ${n}: ${page.url()}${shot}\n    ${text || '(no text)'}`);
    }
  }
  return lines;
}
