import type { PGlite } from '@electric-sql/pglite';

/**
 * Statistics for PGlite, which has no autovacuum: without them the planner takes a table that grew
 * since its last ANALYZE for the size it had then, and sorts a user's whole library instead of walking
 * the (owner, created_at) index, or scans every tag once per gem. Every CHECK_MS, the tables that grew
 * by a tenth (and a few pages) since they were last analysed are analysed: a database that grows gets
 * statistics while it grows, one that does not costs a look at the catalogue.
 */

const CHECK_MS = 10_000;

/** Tables of the schema whose size on disk outgrew the size their statistics know. */
const GROWN = `
  SELECT quote_ident(c.relname) AS name FROM pg_class c
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
    AND pg_relation_size(c.oid) / current_setting('block_size')::int >= c.relpages * 1.1 + 4`;

/** Analyses the tables that grew; errors are left for the next check. */
export async function analyzeGrown(pg: PGlite): Promise<string[]> {
  const { rows } = await pg.query<{ name: string }>(GROWN);
  for (const { name } of rows) await pg.exec(`ANALYZE ${name}`);
  return rows.map((r) => r.name);
}

/**
 * analyzeGrown now, then every CHECK_MS until stopped. Not a whole ANALYZE at each start: statistics are kept in the
 * data folder, so a start re-analyses only what grew since (a database never analysed has every table of a few pages
 * or more grown); a whole ANALYZE was a third of a second of every start, most of a test server's.
 */
export async function keepStatistics(pg: PGlite): Promise<{ stop(): void }> {
  await analyzeGrown(pg);
  const timer = setInterval(() => analyzeGrown(pg).catch(() => {}), CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
