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
 * At once: ANALYZE of the whole database when `migrated` (a migration may have made tables or indexes whose
 * statistics are missing), else analyzeGrown (statistics are kept on disk: only a table that grew since needs
 * them again, and a whole ANALYZE took ~0.5 s of CPU at every start). Then analyzeGrown every CHECK_MS until stopped.
 */
export async function keepStatistics(pg: PGlite, migrated: boolean): Promise<{ stop(): void }> {
  if (migrated) await pg.exec('ANALYZE');
  else await analyzeGrown(pg);
  const timer = setInterval(() => analyzeGrown(pg).catch(() => {}), CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
