import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer';
import { extensionPath, launchWithExtension, openExtensionPage, openPopup } from '../tests/e2e/browser';
import { backgroundWorker } from '../tests/e2e/flows';
import { summary } from './stats';

const BLANK = 'floor-blank.html';
const SCRIPTED = 'floor-script.html';
const SCRIPT_MARK = 'trove:floor-script-ran';

/** A page with one paragraph and no script, and the same with one tiny module script, added to a copy of the build. */
function extensionWithFloorPages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trove-floor-'));
  cpSync(extensionPath, dir, { recursive: true });
  const page = (head: string) =>
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Floor</title>${head}</head><body><p>Floor</p></body></html>`;
  writeFileSync(join(dir, BLANK), page(''));
  writeFileSync(join(dir, SCRIPTED), page('<script type="module" src="/floor-script.js"></script>'));
  writeFileSync(join(dir, 'floor-script.js'), `performance.mark(${JSON.stringify(SCRIPT_MARK)});\n`);
  return dir;
}

/** From the page's navigation start: its first paint, and the tiny script's mark when it has one. */
async function timings(page: Page): Promise<{ paint: number; script: number }> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(
    (mark) => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      script: performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN,
    }),
    SCRIPT_MARK,
  );
}

/**
 * What no extension page can beat on this machine, measured the way the popup and the side panel are:
 * a page with no script opened as the toolbar popup and as an extension page (the side panel's bench opens
 * it so), and one with a single tiny module script. The popup's and the panel's goals read against it.
 */
export async function benchPageFloor(runs: number): Promise<string[]> {
  const dir = extensionWithFloorPages();
  const ctx = await launchWithExtension(dir, { asUsersRunIt: true });
  try {
    const worker = await backgroundWorker(ctx);
    const tab = await ctx.browser.newPage();
    await worker.evaluate((popup) => {
      const scope = globalThis as unknown as { chrome: { action: { setPopup(o: { popup: string }): Promise<void> } } };
      return scope.chrome.action.setPopup({ popup });
    }, BLANK);
    const popupPaint: number[] = [];
    const tabPaint: number[] = [];
    const scriptRan: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const popup = await openPopup(ctx, tab, BLANK);
      const asPopup = await timings(popup);
      await popup.close();
      const page = await openExtensionPage(ctx, BLANK);
      const asTab = await timings(page);
      await page.close();
      const scripted = await openExtensionPage(ctx, SCRIPTED);
      const withScript = await timings(scripted);
      await scripted.close();
      if (i < 2) continue; // the first openings warm the browser up
      popupPaint.push(asPopup.paint);
      tabPaint.push(asTab.paint);
      scriptRan.push(withScript.script);
    }
    return [
      summary('floor: a blank popup opened → first paint', popupPaint),
      summary('floor: a blank extension page → first paint', tabPaint),
      summary('floor: a page with one tiny script → it ran', scriptRan),
    ];
  } finally {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
