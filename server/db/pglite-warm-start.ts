import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache';
import { LEAST_CACHE_FOLDER_BYTES } from './pglite-memory';

/**
 * PGlite's buffer cache put back after a restart, as PostgreSQL's autoprewarm (pg_prewarm, which PGlite does not ship)
 * puts back its own: the pages the cache holds are listed in the data folder on close and every 5 minutes while open;
 * on open, they are read back in before the server answers. A search's first read of a page copies it from the OS's
 * file cache into PGlite's WebAssembly memory, and a broad one reads a page for most of its matches. At 100,000 gems,
 * 200 search statements after a restart had p99 68–73 ms; with the cache put back (1.1–1.3 s at open) from other
 * searches, 40–41 (bench/RESULTS.md).
 *
 * The two extensions that list and read pages are created inside a transaction that is rolled back, so the schema
 * stays the one the migrations make (PostgreSQL's too): only the pages they read stay, in the cache.
 */

export const warmStartExtensions = { pageinspect, pg_buffercache };

/**
 * A data folder of `bytes` keeps its cache across restarts when the cache is sized to it, past its least
 * (pglite-memory.ts). A smaller library's first reads are few, and a list would cost each open and close of the
 * tests' hundreds of small folders ~0.1 s.
 */
export const keepsCacheAcrossRestarts = (bytes: number): boolean => bytes > LEAST_CACHE_FOLDER_BYTES;

/** The list's file in the data folder (as autoprewarm's `autoprewarm.blocks` in PostgreSQL's). */
const FILE = 'trove-cached-pages.json';

/** A relation's cached blocks (of its main fork), by its name as `regclass` prints it. */
interface CachedPages {
  relation: string;
  blocks: number[];
}

const CACHED_PAGES = `
  SELECT c.oid::regclass::text AS relation, array_agg(b.relblocknumber ORDER BY b.relblocknumber) AS blocks
  FROM pg_buffercache b JOIN pg_class c ON pg_relation_filenode(c.oid) = b.relfilenode
  WHERE b.reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database()) AND b.relforknumber = 0
  GROUP BY c.oid ORDER BY c.oid`;

/**
 * Reads each listed block still in its relation (one gone, or made smaller since, is skipped), as many as the cache
 * holds. get_raw_page reads a block through the buffer cache, which keeps it.
 */
const READ_BACK = `
  SELECT count(get_raw_page(p.relation, 'main', b)) AS n FROM (
    SELECT r.relation, b FROM json_to_recordset($1::json) AS r(relation text, blocks bigint[])
    CROSS JOIN LATERAL (SELECT pg_relation_size(to_regclass(r.relation)) / current_setting('block_size')::int AS size) s
    CROSS JOIN LATERAL unnest(r.blocks) AS b
    WHERE b < s.size
    LIMIT (SELECT setting::int FROM pg_settings WHERE name = 'shared_buffers')) p`;

/**
 * Runs `work` in a transaction with `extension` created, rolled back after: the extension is gone again. Other
 * statements wait for it (PGlite runs one transaction at a time).
 */
async function withExtension<T>(pg: PGlite, extension: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return pg.transaction(async (tx) => {
    await tx.exec(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
    const result = await work(tx);
    await tx.rollback();
    return result;
  }) as Promise<T>;
}

/**
 * Lists the pages in the cache in `dataDir`, replacing the list before; returns how many (0 when they could not be
 * listed: the server then closes all the same).
 */
export async function saveCachedPages(pg: PGlite, dataDir: string): Promise<number> {
  const path = join(dataDir, FILE);
  try {
    const { rows } = await withExtension(pg, 'pg_buffercache', (tx) => tx.query<CachedPages>(CACHED_PAGES));
    writeFileSync(`${path}.tmp`, JSON.stringify(rows));
    renameSync(`${path}.tmp`, path);
    return rows.reduce((n, row) => n + row.blocks.length, 0);
  } catch (error) {
    console.warn(`[trove] the cached pages were not listed in ${path}: ${String(error)}`);
    return 0;
  }
}

/**
 * Reads the pages listed in `dataDir` back into the cache; returns how many. The list stays: a server that stops
 * without closing reads it again at its next start (what is gone since is skipped). A list that cannot be read is
 * removed, and the server starts cold.
 */
export async function restoreCachedPages(pg: PGlite, dataDir: string): Promise<number> {
  const path = join(dataDir, FILE);
  let list: string;
  try {
    list = readFileSync(path, 'utf8');
  } catch {
    return 0;
  }
  try {
    const { rows } = await withExtension(pg, 'pageinspect', (tx) => tx.query<{ n: number }>(READ_BACK, [list]));
    return Number(rows[0]?.n ?? 0);
  } catch (error) {
    console.warn(`[trove] the cached pages listed in ${path} were not read back: ${String(error)}`);
    rmSync(path, { force: true });
    return 0;
  }
}

/** How often an open database lists its cached pages, as autoprewarm does (its `autoprewarm_interval`). */
const LIST_EVERY_MS = 300_000;

/**
 * Lists the cached pages every `everyMs` while the database is open, so a server that stops without closing starts
 * from a recent list; `stop` ends it (the close lists them once more).
 */
export function keepListingCachedPages(pg: PGlite, dataDir: string, everyMs = LIST_EVERY_MS): { stop(): void } {
  let listing = false;
  const timer = setInterval(() => {
    if (listing) return;
    listing = true;
    saveCachedPages(pg, dataDir).finally(() => {
      listing = false;
    });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Forgets the pages listed in `dataDir`: the next start is cold (the search bench's first line). */
export function forgetCachedPages(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}
