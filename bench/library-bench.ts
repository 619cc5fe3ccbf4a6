import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { CDPSession, Page } from 'puppeteer';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server';
import { openDatabase } from '../server/db/client';
import { selectRows } from '../server/db/rows';
import { type ExtensionBrowser, launchWithExtension } from '../tests/e2e/browser';
import { signUpInOptions } from '../tests/e2e/flows';
import { freePort, type ServerProcess, startServerProcess } from '../tests/server-process';
import { percentile, summary } from './stats';

/**
 * The library page in Chromium with the built extension, over a compiled server on PGlite with `gemCount` gems seeded
 * straight into its database: (a) library.html opened → the first page's gems drawn in the list, `runs` times;
 * (b) the list scrolled through 10,000 gems (the pages load as it nears their end) while a PerformanceObserver
 * records the main thread's long tasks (over 50 ms; goal: none).
 */

const USER = { username: 'benchlibrary', email: 'library@bench.test', password: 'correct horse battery' };
const GOALS = { firstRowsP50: 300, scrolled: 10_000 };
const VIEWPORT = { width: 1280, height: 800 };

/** Gems for the searcher (no page text: the list shows none), straight into the database, in batches. */
export async function seedLibrary(dataDir: string, gemCount: number) {
  const database = await openDatabase({ dataDir, durableWrites: false });
  const { db } = database;
  try {
    const [user] = await selectRows<{ id: number }>(db, sql`SELECT id FROM users WHERE username = ${USER.username}`);
    if (!user) throw new Error('the bench user was not made');
    const collections: number[] = [];
    for (const name of ['Work', 'Home', 'Reading', 'Recipes', 'Travel']) {
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO collections (owner_id, name) VALUES (${user.id}, ${name}) RETURNING id`,
      );
      if (row) collections.push(row.id);
    }
    for (let from = 1; from <= gemCount; from += 10_000) {
      const to = Math.min(gemCount, from + 9_999);
      await db.execute(sql`
        INSERT INTO gems (owner_id, collection_id, title, description, url, canonical_url, media_type, created_at)
        SELECT ${user.id}, (${`{${collections.join(',')}}`}::int[])[1 + i % ${collections.length}],
          'Seeded gem ' || i || ': notes on ' || (ARRAY['herons', 'tarts', 'rust', 'lisbon', 'compilers'])[1 + i % 5],
          'A page kept for later, number ' || i,
          'https://site' || (i % 500) || '.example/p/' || i, 'site' || (i % 500) || '.example/p/' || i,
          (ARRAY['Link', 'Article', 'Code', 'Image', 'Note'])[1 + i % 5], now() - (i || ' seconds')::interval
        FROM generate_series(${from}::int, ${to}::int) i`);
    }
    await db.execute(sql.raw('VACUUM ANALYZE gems'));
  } finally {
    await database.close();
  }
}

/** Before any script of the page: when the first gem row appears, and the long tasks (Long Tasks API). */
export function watchPage(page: Page) {
  return page.evaluateOnNewDocument(() => {
    const scope = window as unknown as { firstRowsAt?: number; longTasks: number[] };
    scope.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) scope.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_changes, observer) => {
      if (document.querySelector('.library-virtual-item')) {
        scope.firstRowsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When each step of an opening ended (ms from the navigation's start), to see what the first rows wait for. */
interface Opening {
  firstRows: number;
  /** The first screen's requests to the server (those started before the rows): the first sent, the last answered. */
  requestsSent: number;
  requestsAnswered: number;
  /** The React page mounted (entrypoints/library/app.tsx marks it). */
  mounted: number;
  /** The page's first script started; the token it asks the background for, and the stored view, in hand (main.ts). */
  script: number;
  token: number;
}

/** library.html opened in a new tab → the first page's gems drawn (ms from the navigation's start). */
async function openOnce(ctx: ExtensionBrowser): Promise<Opening> {
  const page = await ctx.browser.newPage();
  await page.setViewport(VIEWPORT);
  await watchPage(page);
  await page.goto(`chrome-extension://${ctx.extensionId}/library.html`);
  await page.waitForFunction(() => (window as unknown as { firstRowsAt?: number }).firstRowsAt !== undefined);
  // No named functions inside: tsx would wrap them in a helper (__name) the page does not have.
  const opening = await page.evaluate(() => {
    const firstRows = (window as unknown as { firstRowsAt: number }).firstRowsAt;
    const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.startTime < firstRows,
    );
    const requests = before.filter((entry) => entry.initiatorType === 'fetch');
    return {
      firstRows,
      requestsSent: Math.min(...requests.map((entry) => entry.startTime)),
      requestsAnswered: Math.max(0, ...requests.map((entry) => entry.responseEnd)),
      mounted: performance.getEntriesByName('trove-library-mount')[0]?.startTime ?? 0,
      script: performance.getEntriesByName('trove-library-script')[0]?.startTime ?? 0,
      token: performance.getEntriesByName('trove-library-token')[0]?.startTime ?? 0,
    };
  });
  // What the page asks for after its first rows (facets, counts, shares) is answered before it closes, so the next
  // opening starts on a quiet server, as a user's does, not queued behind this one's requests on PGlite's connection.
  await page.waitForNetworkIdle({ idleTime: 250, timeout: 30_000 });
  await page.close();
  return opening;
}

interface Scroll {
  rows: number;
  seconds: number;
  longTasks: number[];
  /** The renderer's main-thread seconds while scrolling (CDP Performance.getMetrics), by kind. */
  work: Record<(typeof WORK)[number], number>;
}

const WORK = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

async function mainThreadWork(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return Object.fromEntries(WORK.map((name) => [name, value(name)])) as Scroll['work'];
}

/** Scrolls the list down a screen at a time, each step drawn, until gem `rows` is drawn. */
async function scrollThrough(ctx: ExtensionBrowser, rows: number): Promise<Scroll> {
  const page = await ctx.browser.newPage();
  await page.setViewport(VIEWPORT);
  await watchPage(page);
  await page.goto(`chrome-extension://${ctx.extensionId}/library.html`);
  await page.waitForSelector('.library-virtual-item');
  await page.evaluate(() => {
    (window as unknown as { longTasks: number[] }).longTasks.length = 0; // the opening's are (a)'s
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Performance.enable');
  const before = await mainThreadWork(cdp);
  const started = performance.now();
  let drawn = 0;
  while (drawn < rows) {
    drawn = await page.evaluate(async () => {
      const scroller = document.querySelector('.library-scroller') as HTMLElement;
      scroller.scrollTop += scroller.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const positions = [...document.querySelectorAll('.library-virtual-item')].map((li) =>
        Number(li.getAttribute('aria-posinset')),
      );
      return Math.max(0, ...positions);
    });
    // At the end of what is loaded: wait for the next page (the list asks for it as its last gems are drawn).
    if (drawn < rows)
      await page.waitForFunction(
        () => {
          const scroller = document.querySelector('.library-scroller') as HTMLElement;
          return scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1;
        },
        { timeout: 30_000 },
      );
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await mainThreadWork(cdp);
  const work = Object.fromEntries(WORK.map((name) => [name, after[name] - before[name]])) as Scroll['work'];
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  await page.close();
  return { rows: drawn, seconds, longTasks, work };
}

/** `scrolled`: how many gems to scroll through after the openings (0: none). */
export async function benchLibrary(gemCount: number, runs: number, scrolled = GOALS.scrolled): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-library-'));
  const port = await freePort();
  await buildServer();
  const start = () =>
    startServerProcess({ port, args: [SERVER_ENTRY], env: { DATA_DIR: dataDir }, timeoutMs: 300_000 });
  let server: ServerProcess | undefined = await start();
  // BENCH_LIBRARY_EXTENSION: another build of the extension (a copy of .output/chrome-mv3), to compare two back to back.
  const ctx = await launchWithExtension(process.env.BENCH_LIBRARY_EXTENSION || undefined, { asUsersRunIt: true });
  try {
    await (await signUpInOptions(ctx, server.url, USER)).close();
    await server.stop();
    const seeding = performance.now();
    await seedLibrary(dataDir, gemCount);
    const seeded = ((performance.now() - seeding) / 1000).toFixed(0);
    server = await start();
    await openOnce(ctx); // the first opening compiles the page's code
    const openings: Opening[] = [];
    for (let i = 0; i < runs; i++) openings.push(await openOnce(ctx));
    const p50 = (key: keyof Opening) =>
      percentile(
        openings.map((opening) => opening[key]),
        50,
      ).toFixed(0);
    const head = [
      `Library page in Chromium (PGlite, ${gemCount} gems seeded in ${seeded} s; viewport ${VIEWPORT.width}×${VIEWPORT.height})`,
      summary(
        'library.html opened → first page of gems drawn',
        openings.map((opening) => opening.firstRows),
        GOALS.firstRowsP50,
      ),
      `  p50 of each step (ms from the navigation's start): first script run ${p50('script')}, token ${p50('token')}, first requests sent ${p50('requestsSent')}, answered ${p50('requestsAnswered')}, React page mounted ${p50('mounted')}, first rows ${p50('firstRows')}`,
    ];
    if (scrolled === 0) return head;
    const scroll = await scrollThrough(ctx, Math.min(scrolled, gemCount));
    const longest = Math.max(0, ...scroll.longTasks);
    return [
      ...head,
      `  scrolled through ${scroll.rows} gems in ${scroll.seconds.toFixed(1)} s: ${scroll.longTasks.length} tasks over 50 ms, longest ${longest.toFixed(0)} ms  (goal: none)`,
      `  main thread while scrolling: ${WORK.map((name) => `${name.replace('Duration', '')} ${scroll.work[name].toFixed(2)} s`).join(', ')}`,
    ];
  } finally {
    await ctx.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await benchLibrary(
    Number(process.env.BENCH_LIBRARY_GEMS ?? process.env.BENCH_GEMS ?? 100_000),
    Number(process.env.BENCH_LIBRARY_RUNS ?? 20),
    Number(process.env.BENCH_LIBRARY_SCROLL ?? GOALS.scrolled),
  );
  for (const line of lines) console.log(line);
}
