import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pgliteOptions } from './pglite-durable';
import { GroupCommit } from './pglite-group-commit';
import { folderBytes } from './pglite-memory';
import { PreparedPglite } from './pglite-prepared';
import { keepUp } from './pglite-upkeep';
import {
  keepListingCachedPages,
  keepsCacheAcrossRestarts,
  restoreCachedPages,
  saveCachedPages,
  warmStartExtensions,
} from './pglite-warm-start';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a commit is acknowledged only once it is on disk (see `durableWrites`). */
  durable: boolean;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** pg_advisory_lock key held while migrating (any constant unique to Trove). */
const MIGRATION_LOCK = 7_301_011;

/** How many migrations the database has had (drizzle's own table; 0 before the first). */
async function migrationsApplied(client: PGlite): Promise<number> {
  const [table] = (
    await client.query<{ exists: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists")
  ).rows;
  if (!table?.exists) return 0;
  const [row] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows;
  return row?.n ?? 0;
}

/**
 * Opens the one Postgres schema: PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (in memory when `dataDir` is omitted). Migrations are applied before it is returned.
 *
 * `durableWrites` (default true): a commit is acknowledged only once it is on disk. PGlite gets real
 * fsyncs (see pglite-durable.ts), and a write through `db` returns once a flush of the WAL covers it,
 * concurrent writes sharing one (pglite-group-commit.ts); PostgreSQL keeps the server's settings (fsync and
 * synchronous_commit default to on; `durable` reports what they are). False: PGlite's own defaults
 * (no fsync) and `synchronous_commit=off` on our PostgreSQL connections (a crash of the machine may
 * lose the last moments of commits, never corrupt the database).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL connections; the server passes `databasePoolSize` (config.ts), other callers get 10. */
  poolSize?: number;
  dataDir?: string;
  durableWrites?: boolean;
}): Promise<Database> {
  const durableWrites = options.durableWrites ?? true;
  if (options.databaseUrl) {
    // Timestamps come back in UTC whatever the database's TimeZone: in another zone, dates before its
    // standard time are written with a local mean time offset in seconds (Asia/Kolkata: +05:53:28), which
    // JavaScript's Date cannot parse, and reading such a row failed.
    // No JIT: a statement the planner costs high (a search or its facets whose estimates are far off) was compiled by
    // LLVM first, 0.9 s for a statement that runs in 50 ms (bench/RESULTS.md); Trove's statements are short. No
    // parallel workers, for the same reason: each is a process started for the statement, and a search of 16,000
    // matches took 65–122 ms with two of them on a 2-core machine against 36–42 ms alone.
    const connection = {
      TimeZone: 'UTC',
      jit: 'off',
      max_parallel_workers_per_gather: '0',
      ...(durableWrites ? {} : { synchronous_commit: 'off' }),
    };
    // Loaded only here: a server on PGlite does not hold PostgreSQL's driver.
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
    const client = postgres(options.databaseUrl, { max: options.poolSize ?? 10, onnotice: () => {}, connection });
    try {
      const db = drizzlePostgres(client, { schema });
      // Copies starting together must not migrate together: one migrates, the others wait, then find nothing to do.
      const lock = await client.reserve();
      try {
        await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await lock`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
        lock.release();
      }
      const [settings] = await client<{ fsync: string; commit: string }[]>`
        SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS commit`;
      const durable = settings?.fsync === 'on' && settings.commit !== 'off';
      return { db: db as unknown as Db, kind: 'postgres', durable, close: () => client.end({ timeout: 5 }) };
    } catch (error) {
      await client.end({ timeout: 5 });
      throw error;
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The extensions the migrations create (pg_trgm: the search's trigram indexes, see 0021_search_document.sql;
  // btree_gin: the owner in those indexes, 0024_search_owner_index.sql; vector: search by meaning, 0041_embeddings.sql).
  // pageinspect and pg_buffercache: the cache put back after a restart (pglite-warm-start.ts), created only there.
  const extensions = { btree_gin, pg_trgm, vector, ...warmStartExtensions };
  const bytes = options.dataDir ? folderBytes(options.dataDir) : 0;
  const client = new PGlite(
    options.dataDir ? { ...pgliteOptions(options.dataDir, durableWrites, bytes), extensions } : { extensions },
  );
  const before = await migrationsApplied(client);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // The server's queries run as prepared statements (see pglite-prepared.ts); the migrations above did not.
  // Durable, its commits are flushed in groups (see pglite-group-commit.ts).
  const durable = Boolean(options.dataDir) && durableWrites;
  const commits = durable ? await GroupCommit.start(client) : undefined;
  const prepared = new PreparedPglite(client, { commits });
  // PGlite has no autovacuum (see pglite-upkeep.ts)
  const upkeep = await keepUp(client, (await migrationsApplied(client)) !== before, () => prepared.idleMs);
  const warmStart = options.dataDir && keepsCacheAcrossRestarts(bytes) ? options.dataDir : null;
  if (warmStart) await restoreCachedPages(client, warmStart);
  const listing = warmStart ? keepListingCachedPages(client, warmStart) : null;
  const db = drizzlePglite({ client: prepared as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    durable,
    close: async () => {
      upkeep.stop();
      listing?.stop();
      if (warmStart) await saveCachedPages(client, warmStart);
      await client.close();
    },
  };
}
