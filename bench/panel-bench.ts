import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PANEL_MARKS } from '../components/chat/panel-marks';
import { launchWithExtension, openExtensionPage, openPopup } from '../tests/e2e/browser';
import { backgroundWorker, signUpInOptions } from '../tests/e2e/flows';
import { startTestSite } from '../tests/e2e/test-site';
import { freePort, startServerProcess } from '../tests/server-process';
import { summary } from './stats';

const PANEL_USER = { username: 'benchpanel', email: 'panel@bench.test', password: 'correct horse battery' };

/** The size of the side panel's JavaScript files at `paths` (as the page loaded them), gzipped (-9). */
export function panelJs(
  paths: string[],
  outDir = '.output/chrome-mv3',
): { files: number; bytes: number; gzip: number } {
  let bytes = 0;
  let gzip = 0;
  for (const path of new Set(paths)) {
    const code = readFileSync(join(outDir, path.replace(/^\//, '')));
    bytes += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { files: new Set(paths).size, bytes, gzip };
}

/** The scripts the side panel's HTML loads before any runs: its first script and the chunks it preloads. */
const firstScripts = (outDir = '.output/chrome-mv3') =>
  [...readFileSync(join(outDir, 'sidepanel.html'), 'utf8').matchAll(/(?:src|href)="([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );

const jsLine = (name: string, js: ReturnType<typeof panelJs>, budget = '') =>
  `${name}: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} kB, ${(js.gzip / 1024).toFixed(1)} kB gzip${budget}`;

/** Side panel open (a fresh page, the background already running) → composer takes typing, and → a question can be sent, `runs` times. */
export async function benchPanel(runs: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-panel-'));
  const server = await startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
  const site = await startTestSite();
  const ctx = await launchWithExtension();
  try {
    await (await signUpInOptions(ctx, server.url, PANEL_USER)).close();
    const article = await ctx.browser.newPage();
    await article.goto(`${site.url}/news-article.html`);
    await (await openPopup(ctx, article)).close();
    const worker = await backgroundWorker(ctx);
    const tabId = await worker.evaluate(async () => {
      const scope = globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> } } };
      return (await scope.chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id ?? -1;
    });
    let loadedJs: string[] = [];
    const openOnce = async () => {
      const panel = await openExtensionPage(ctx, `sidepanel.html?tabId=${tabId}`);
      await panel.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, {}, PANEL_MARKS.ready);
      const at = await panel.evaluate(
        (marks) => marks.map((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN),
        [PANEL_MARKS.typeable, PANEL_MARKS.ready],
      );
      loadedJs = await panel.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      );
      // Closed only once the models the panel kept for next time are stored.
      await worker.evaluate(async () => {
        const local = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<object> } } } })
          .chrome.storage.local;
        while (!('lastChatModels' in (await local.get('lastChatModels'))))
          await new Promise((resolve) => setTimeout(resolve, 10));
      });
      await panel.close();
      return at;
    };
    const forget = () =>
      worker.evaluate(() =>
        (
          globalThis as unknown as { chrome: { storage: { local: { remove(k: string): Promise<void> } } } }
        ).chrome.storage.local.remove('lastChatModels'),
      );
    // The first opening after sign-in has no models kept from before: it waits for the server's.
    const first: number[][] = [];
    for (let i = 0; i < Math.max(3, Math.round(runs / 4)); i++) {
      await forget();
      first.push(await openOnce());
    }
    const usable: number[][] = [];
    for (let i = 0; i < runs; i++) usable.push(await openOnce());
    const typeable = (runs: number[][]) => runs.map(([at]) => at as number);
    const ready = (runs: number[][]) => runs.map(([, at]) => at as number);
    return [
      summary('side panel opened → composer takes typing', typeable(usable), 150),
      summary('  … a question can be sent (models known)', ready(usable)),
      summary('  … first opening (no models kept yet): typing', typeable(first), 150),
      summary('  … first opening: a question can be sent', ready(first)),
      jsLine('side panel first script (before React)', panelJs(firstScripts())),
      jsLine('side panel JS loaded at opening', panelJs(loadedJs), ' (budget 200 kB gzip)'),
    ];
  } finally {
    await ctx.close();
    await server.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
