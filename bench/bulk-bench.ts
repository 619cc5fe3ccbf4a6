import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { BULK_INLINE_LIMIT } from '../lib/api/bulk-contract';
import { type Database, openDatabase } from '../server/db/client';
import { collections, tags, users } from '../server/db/schema';
import { createJob } from '../server/features/bulk/jobs';
import { undoJob } from '../server/features/bulk/undo';
import { workOneBatch } from '../server/features/bulk/worker';
import { onBenchPostgres } from './postgres';

const GOAL_S = 10;

/**
 * Bulk-tags `gemCount` gems (~1 kB of page text each, so the search document's triggers have real work) chosen by a
 * search, as the server's worker does it (the job chosen in one statement, then batches of 500), and undoes it.
 */
async function measure(database: Database, gemCount: number, action: 'tag' | 'favourite' = 'tag'): Promise<string[]> {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ username: 'bulkbench', email: 'bulk@example.test', passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('no user');
  const [collection] = await db.insert(collections).values({ ownerId: user.id, name: 'Bench' }).returning();
  const [tag] = await db.insert(tags).values({ ownerId: user.id, name: 'bulk' }).returning();
  if (!collection || !tag) throw new Error('no collection or tag');
  for (let from = 0; from < gemCount; from += 1000)
    await db.execute(sql`INSERT INTO gems (owner_id, collection_id, title, url, canonical_url, text)
      SELECT ${user.id}, ${collection.id}, 'Heron ' || n, 'https://example.test/h/' || n, 'example.test/h/' || n,
        repeat('Wading birds of the marsh stand still for fish, river ' || n || ' reeds and mud. ', 14)
      FROM generate_series(${from + 1}::int, ${Math.min(from + 1000, gemCount)}::int) AS n`);
  const started = performance.now();
  const job = await createJob(
    db,
    user.id,
    { action, target: { query: 'heron', expectedCount: gemCount }, ...(action === 'tag' ? { tagIds: [tag.id] } : {}) },
    BULK_INLINE_LIMIT,
  );
  const chosen = performance.now();
  while (await workOneBatch(db)) {}
  const tagged = performance.now();
  await undoJob(db, user.id, job.id);
  const undone = performance.now();
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `  bulk-${action} ${gemCount} gems by search: ${s(tagged - started)} (choosing ${s(chosen - started)}, batches ${s(tagged - chosen)})  (goal ≤ ${GOAL_S} s)`,
    `  undo it: ${s(undone - tagged)}`,
  ];
}

export async function benchBulk(gemCount = 10_000): Promise<string[]> {
  const lines = ['Bulk changes'];
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bulk-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      lines.push('PGlite (durable):', ...(await measure(database, gemCount)));
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  lines.push(
    ...(await onBenchPostgres('trove_bulk', async (databaseUrl) => {
      const database = await openDatabase({ databaseUrl });
      try {
        return ['PostgreSQL (durable):', ...(await measure(database, gemCount))];
      } finally {
        await database.close();
      }
    })),
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchBulk(Number(process.env.BENCH_BULK_GEMS ?? 10_000))) console.log(line);
}
