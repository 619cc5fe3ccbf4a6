import type { PGlite } from '@electric-sql/pglite';

/**
 * Statistics for PGlite, which has no autovacuum: without them the planner takes a table that grew
 * since its last ANALYZE for the size it had then, and sorts a user's whole library instead of walking
 * the (owner, created_at) index, or scans every tag once per gem; or one whose rows were deleted for
 * the rows it had (2,000 tags added and deleted doubled the search's p99, bench/RESULTS.md). Every
 * CHECK_MS, the tables that grew by a tenth (and a few pages), or had a tenth of their rows (and 50)
 * inserted, updated or deleted since they were last analysed, as autovacuum counts, are analysed: a
 * database that changes gets statistics while it changes, one that does not costs a look at the catalogue.
 */

const CHECK_MS = 10_000;

/**
 * Tables of the schema whose statistics are stale: their size on disk outgrew the size the statistics know, or their
 * rows changed since (a deletion shrinks no file; PGlite's row counters start again at every start, the size does not).
 */
const STALE = `
  SELECT quote_ident(c.relname) AS name FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
    AND (pg_relation_size(c.oid) / current_setting('block_size')::int >= c.relpages * 1.1 + 4
      OR coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0))`;

/** Analyses the tables whose statistics are stale; errors are left for the next check. */
export async function analyzeStale(pg: PGlite): Promise<string[]> {
  // A server's backend hands its row counters to pg_stat when it idles; PGlite's never idles so, and hands them on
  // only when asked (before the next statement).
  await pg.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await pg.query<{ name: string }>(STALE);
  for (const { name } of rows) await pg.exec(`ANALYZE ${name}`);
  return rows.map((r) => r.name);
}

/**
 * At once: ANALYZE of the whole database when `migrated` (a migration may have made tables or indexes whose
 * statistics are missing), else analyzeStale (statistics are kept on disk: only a table that changed since needs
 * them again, and a whole ANALYZE took ~0.5 s of CPU at every start). Then analyzeStale every CHECK_MS until stopped.
 */
export async function keepStatistics(pg: PGlite, migrated: boolean): Promise<{ stop(): void }> {
  if (migrated) await pg.exec('ANALYZE');
  else await analyzeStale(pg);
  const timer = setInterval(() => analyzeStale(pg).catch(() => {}), CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
