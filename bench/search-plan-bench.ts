import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { parseSearch } from '../lib/search/parse';
import { openDatabase } from '../server/db/client';
import { selectRows } from '../server/db/rows';
import { compileSearchFor } from '../server/features/search/compile-for';
import { searchStatement } from '../server/features/search/search';
import { readerReach } from '../server/features/sharing/access';
import { startServer } from '../server/start';
import { onBenchPostgres, type Target } from './postgres';
import { benchUser, seed } from './search-bench';

/**
 * Planning and execution of the library's search statement (searchStatement) from EXPLAIN (ANALYZE), on PGlite and
 * PostgreSQL: the first statement on a new connection (cold catalogue caches, as each test server's first search) and
 * the median of the next runs (warm). BENCH_PLAN_GEMS gems for the searcher and as many for another user (default
 * 2,000); BENCH_SEARCH_ONLY (`pglite` or `postgres`) measures one database only.
 *   npx tsx bench/search-plan-bench.ts
 */

const GEMS = Number(process.env.BENCH_PLAN_GEMS ?? 2000);
const WARM_RUNS = 7;
// words of the seed's vocabulary (search-words.txt): a prefix, two words with two qualifiers, one word with two
const QUERIES = ['', 'pack', 'parser install tag:dev-two after:2020-01-01', 'stream collection:Work type:article'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function explain(target: Target, userId: number): Promise<string[]> {
  const lines: string[] = [];
  for (const q of QUERIES) {
    // a new connection per query, so its first run is cold
    const database = await openDatabase({ ...target.config, durableWrites: false });
    try {
      const parsed = parseSearch(q);
      if (!parsed.ok) throw new Error(`bench query ${q} does not parse`);
      // as the server runs it: the reader's reach read first (server/features/sharing/access.ts)
      const reach = await readerReach(database.db, userId);
      const statement = searchStatement(await compileSearchFor(database.db, parsed.query, userId, { reach }), {
        page: 1,
        perPage: 50,
      });
      const runs: { planning: number; execution: number }[] = [];
      for (let i = 0; i <= WARM_RUNS; i++) {
        const [row] = await selectRows<Record<string, unknown>>(
          database.db,
          sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
        );
        const value = Object.values(row ?? {})[0];
        const [plan] = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number>[];
        runs.push({
          planning: plan?.['Planning Time'] ?? Number.NaN,
          execution: plan?.['Execution Time'] ?? Number.NaN,
        });
      }
      const [cold, ...warm] = runs;
      lines.push(
        `  "${q}": cold planning ${cold?.planning.toFixed(1)} ms, execution ${cold?.execution.toFixed(1)} ms; warm planning ${median(warm.map((r) => r.planning)).toFixed(1)} ms, execution ${median(warm.map((r) => r.execution)).toFixed(1)} ms`,
      );
    } finally {
      await database.close();
    }
  }
  return lines;
}

async function measure(target: Target): Promise<string[]> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    secret: 's'.repeat(48),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    logRequests: false,
    ...target.config,
  });
  const { userId } = await benchUser(server, 'searcher');
  const others = await benchUser(server, 'others');
  await server.stop();
  await seed(target, [
    [userId, GEMS],
    [others.userId, GEMS],
  ]);
  return [`${target.name}, ${GEMS} + ${GEMS} gems:`, ...(await explain(target, userId))];
}

const only = process.env.BENCH_SEARCH_ONLY;
const lines: string[] = [];
if (only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-plan-bench-'));
  try {
    lines.push(...(await measure({ name: 'PGlite', config: { dataDir }, databaseFiles: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (only !== 'pglite') {
  lines.push(
    ...(await onBenchPostgres('trove_search_plan', async (databaseUrl, clusterDir) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'trove-plan-bench-'));
      try {
        return await measure({ name: 'PostgreSQL', config: { dataDir, databaseUrl }, databaseFiles: clusterDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    })),
  );
}
for (const line of lines) console.log(line);
