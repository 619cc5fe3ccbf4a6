import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PANEL_MARKS } from '../components/chat/panel-marks';
import { CHROME_BUILD, dynamicImports, firstScripts, withStaticImports } from '../scripts/built-scripts';
import { launchWithExtension, openExtensionPage, openPopup } from '../tests/e2e/browser';
import { backgroundWorker, signUpInOptions } from '../tests/e2e/flows';
import { startTestSite } from '../tests/e2e/test-site';
import { freePort, startServerProcess } from '../tests/server-process';
import { summary } from './stats';

const PANEL_USER = { username: 'benchpanel', email: 'panel@bench.test', password: 'correct horse battery' };

/** The size of the side panel's JavaScript files at `paths` (as the page loaded them), gzipped (-9). */
export function panelJs(paths: string[], outDir = CHROME_BUILD): { files: number; bytes: number; gzip: number } {
  let bytes = 0;
  let gzip = 0;
  for (const path of new Set(paths)) {
    const code = readFileSync(join(outDir, path.replace(/^\//, '')));
    bytes += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { files: new Set(paths).size, bytes, gzip };
}

/**
 * The side panel's JavaScript at opening: `first`, what its HTML loads before any script runs (its first
 * script and the chunks it preloads); `all`, that and what the first script imports at once (React and the
 * chat), each with its static imports. Parts loaded later, on use (drawers, the report form), are in neither.
 * The first script's code may sit in a chunk it imports (the entry a one-line facade), so the import of the page's
 * code is looked for in all of them.
 */
function openingScripts() {
  const first = firstScripts('sidepanel.html');
  return { first, all: [...withStaticImports([...first, ...first.flatMap((file) => dynamicImports(file))])] };
}

const jsLine = (name: string, js: ReturnType<typeof panelJs>, budget = '') =>
  `${name}: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} kB, ${(js.gzip / 1024).toFixed(1)} kB gzip${budget}`;

/** When, after the panel page's navigation started, its composer took typing, was shown, and could send (ms). */
interface Opening {
  typeable: number;
  shown: number;
  ready: number;
}

/**
 * Side panel open (a fresh page, the background already running) → composer takes typing, and → a question can be sent,
 * `runs` times.
 */
export async function benchPanel(runs: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-panel-'));
  const server = await startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
  const site = await startTestSite();
  const ctx = await launchWithExtension(undefined, { asUsersRunIt: true });
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
    const openOnce = async () => {
      const panel = await openExtensionPage(ctx, `sidepanel.html?tabId=${tabId}`);
      await panel.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, {}, PANEL_MARKS.ready);
      // The first contentful paint is when the browser reports the frame shown: here, tens of ms after the
      // frame's own mark (headless Chromium draws in software, on the same two cores).
      await panel.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      // (No named function inside: the bench's compiler would add a helper the page lacks.)
      const [typeable = Number.NaN, shown = Number.NaN, ready = Number.NaN] = await panel.evaluate(
        (names) => names.map((name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN),
        [PANEL_MARKS.typeable, 'first-contentful-paint', PANEL_MARKS.ready],
      );
      const at: Opening = { typeable, shown, ready };
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
    const first: Opening[] = [];
    for (let i = 0; i < Math.max(3, Math.round(runs / 4)); i++) {
      await forget();
      first.push(await openOnce());
    }
    const usable: Opening[] = [];
    for (let i = 0; i < runs; i++) usable.push(await openOnce());
    const scripts = openingScripts();
    const of = (openings: Opening[], key: keyof Opening) => openings.map((opening) => opening[key]);
    return [
      summary('side panel opened → composer takes typing', of(usable, 'typeable'), 150),
      summary('  … first contentful paint (the composer)', of(usable, 'shown')),
      summary('  … a question can be sent (models known)', of(usable, 'ready')),
      summary('  … first opening (no models kept yet): typing', of(first, 'typeable'), 150),
      summary('  … first opening: a question can be sent', of(first, 'ready')),
      jsLine('side panel first script (before React)', panelJs(scripts.first)),
      jsLine('side panel JS loaded at opening', panelJs(scripts.all), ' (budget 200 kB gzip)'),
    ];
  } finally {
    await ctx.close();
    await server.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
