import type { PGlite } from '@electric-sql/pglite';

/**
 * Upkeep for PGlite, which has no autovacuum: its one backend runs no background worker.
 *
 * Statistics: without them the planner takes a table that grew since its last ANALYZE for the size it had then, and
 * sorts a user's whole library instead of walking the (owner, created_at) index, or scans every tag once per gem; or
 * one whose rows were deleted for the rows it had (2,000 tags added and deleted doubled the search's p99,
 * bench/RESULTS.md). A table that grew by a tenth (and a few pages), or had a tenth of its rows (and 50) inserted,
 * updated or deleted since it was last analysed, as autovacuum counts, is analysed.
 *
 * Vacuum: without it every updated or deleted row stays in its table and indexes for good (a library edited for a
 * year only grows, and each scan reads its dead rows), and no page is marked all-visible, so a count answered from an
 * index alone still reads the table. A table with more dead rows than autovacuum's default threshold (50 and a fifth
 * of its rows, counted since this start) or with more than a fifth of its pages not all-visible (the catalogue's count
 * as of its last VACUUM or ANALYZE, which outlives a restart) is vacuumed and analysed, when the database has been
 * idle for IDLE_MS: PGlite runs one statement at a time, and the first VACUUM of a large table that never had one
 * holds it for seconds (6.5 s for 200,000 gems with page text); the next ones read only the pages changed since.
 *
 * Every CHECK_MS: a database that changes is kept while it changes; one that does not costs a look at the catalogue.
 */

const CHECK_MS = 10_000;
const IDLE_MS = 3_000;

const STALE = `
  SELECT quote_ident(c.relname) AS name,
    coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0)
      OR (c.relpages >= 8 AND c.relallvisible < 0.8 * c.relpages) AS vacuum,
    pg_relation_size(c.oid) / current_setting('block_size')::int >= c.relpages * 1.1 + 4
      OR coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze
  FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace`;

export interface Upkept {
  analysed: string[];
  vacuumed: string[];
}

/**
 * Vacuums (when `vacuum`, else leaves for later) and analyses the tables that need it; errors are left for the next
 * check.
 */
export async function upkeepStale(pg: PGlite, { vacuum }: { vacuum: boolean }): Promise<Upkept> {
  // A server's backend hands its row counters to pg_stat when it idles; PGlite's never idles so, and hands them on
  // only when asked (before the next statement).
  await pg.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await pg.query<{ name: string; vacuum: boolean; analyze: boolean }>(STALE);
  const done: Upkept = { analysed: [], vacuumed: [] };
  for (const table of rows) {
    if (vacuum && table.vacuum) {
      await pg.exec(`VACUUM (ANALYZE) ${table.name}`);
      done.vacuumed.push(table.name);
    } else if (table.analyze) {
      await pg.exec(`ANALYZE ${table.name}`);
      done.analysed.push(table.name);
    }
  }
  return done;
}

/**
 * At once: ANALYZE of the whole database when `migrated` (a migration may have made tables or indexes whose
 * statistics are missing), else the stale tables' (statistics are kept on disk: only a table that changed since needs
 * them again, and a whole ANALYZE took ~0.5 s of CPU at every start). Then upkeepStale every `checkMs` until stopped,
 * vacuuming when nothing has run for IDLE_MS (`idleMs`: how long the server's queries have left the database alone).
 */
export async function keepUp(
  pg: PGlite,
  migrated: boolean,
  idleMs: () => number,
  checkMs = CHECK_MS,
): Promise<{ stop(): void }> {
  if (migrated) await pg.exec('ANALYZE');
  else await upkeepStale(pg, { vacuum: false });
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    upkeepStale(pg, { vacuum: idleMs() >= IDLE_MS })
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
