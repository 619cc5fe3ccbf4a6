import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/client';
import { pgliteOptions, type SyncingNodeFS } from '../../server/db/pglite-durable';
import { GroupCommit } from '../../server/db/pglite-group-commit';
import { PreparedPglite } from '../../server/db/pglite-prepared';
import { backend, createPostgresDatabase, freshDataDir, type OwnDatabase, removeDataDir } from './harness';

/**
 * Durable writes (the default): a commit is acknowledged only once it is on disk. On PGlite that needs
 * our fsync in its Node filesystem (pglite-durable.ts), which Postgres must call at each commit; on
 * PostgreSQL it is the server's fsync and synchronous_commit, which our connections leave on.
 */
const dirs: string[] = [];
const databases: OwnDatabase[] = [];
afterAll(async () => {
  for (const own of databases) await own.drop();
  for (const dir of dirs) removeDataDir(dir);
});
/** A copy of the migrated template folder (initdb takes far longer). */
const dataDir = async () => {
  const dir = await freshDataDir();
  dirs.push(dir);
  return dir;
};

/** A setting of the session, through drizzle (PGlite answers `{rows}`, postgres.js an array). */
async function setting(db: Db, name: string): Promise<string | undefined> {
  const result = (await db.execute(sql`SELECT current_setting(${name}) AS value`)) as unknown as { value: string }[] & {
    rows?: { value: string }[];
  };
  return (result.rows ?? result)[0]?.value;
}

const settingsOf = async (pg: PGlite) => {
  const { rows } = await pg.query<{ fsync: string; method: string; commit: string }>(
    "SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method, current_setting('synchronous_commit') AS commit",
  );
  return rows[0];
};

describe.runIf(backend === 'pglite')('durable writes on PGlite', () => {
  it('fsyncs the real files at each commit', { timeout: 120_000 }, async () => {
    const options = pgliteOptions(await dataDir(), true);
    const pg = new PGlite(options);
    try {
      expect(await settingsOf(pg)).toEqual({ fsync: 'on', method: 'fsync', commit: 'on' });
      const fs = options.fs as SyncingNodeFS;
      await pg.exec('CREATE TABLE saves (id serial PRIMARY KEY, title text)');
      for (let i = 0; i < 5; i++) {
        const before = fs.syncs;
        await pg.query('INSERT INTO saves (title) VALUES ($1)', [`save ${i}`]);
        expect(fs.syncs, `commit ${i}`).toBeGreaterThan(before);
      }
      const before = fs.syncs;
      await pg.query('SELECT count(*) FROM saves');
      expect(fs.syncs).toBe(before); // a read commits nothing
    } finally {
      await pg.close();
    }
  });

  it("a write through the server's client returns once a flush covers it; writes made together share one", {
    timeout: 120_000,
  }, async () => {
    const options = pgliteOptions(await dataDir(), true);
    const pg = new PGlite(options);
    try {
      const fs = options.fs as SyncingNodeFS;
      await pg.exec('CREATE TABLE saves (id serial PRIMARY KEY, title text)');
      const commits = await GroupCommit.start(pg);
      const client = new PreparedPglite(pg, { commits });
      const pending = async () =>
        (
          await pg.query<{ pending: boolean }>(
            'SELECT pg_current_wal_insert_lsn() > pg_current_wal_flush_lsn() AS pending',
          )
        ).rows[0]?.pending;
      for (let i = 0; i < 3; i++) {
        const before = fs.syncs;
        await client.query('INSERT INTO saves (title) VALUES ($1)', [`save ${i}`]);
        expect(fs.syncs, `write ${i}`).toBeGreaterThan(before);
      }
      const before = { syncs: fs.syncs, flushes: commits.flushes };
      await client.query('SELECT count(*) FROM saves');
      expect(fs.syncs).toBe(before.syncs); // a read after flushed writes waits for no flush
      // A read that ran after a write not yet on disk (and may show it) answers only once it is.
      const write = client.query('INSERT INTO saves (title) VALUES ($1)', ['seen']);
      await client.query('SELECT count(*) FROM saves');
      expect(await pending()).toBe(false);
      await write;
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          client.transaction((tx) => tx.query('INSERT INTO saves (title) VALUES ($1)', [`together ${i}`])),
        ),
      );
      expect(commits.flushes - before.flushes).toBeGreaterThan(0);
      expect(commits.flushes - before.flushes).toBeLessThan(10);
      expect(await pending()).toBe(false); // nothing written is left unflushed
    } finally {
      await pg.close();
    }
  });

  it('is the default of openDatabase; durableWrites: false keeps PGlite without fsync', {
    timeout: 120_000,
  }, async () => {
    const durable = await openDatabase({ dataDir: await dataDir() });
    try {
      expect(durable.durable).toBe(true);
      expect(await setting(durable.db, 'fsync')).toBe('on');
      // Its commits are flushed in groups (see pglite-group-commit.ts), not one by one.
      expect(await setting(durable.db, 'synchronous_commit')).toBe('off');
    } finally {
      await durable.close();
    }
    const relaxed = await openDatabase({ dataDir: await dataDir(), durableWrites: false });
    try {
      expect(relaxed.durable).toBe(false);
      expect(await setting(relaxed.db, 'fsync')).toBe('off');
    } finally {
      await relaxed.close();
    }
  });
});

describe.runIf(backend === 'postgres')('durable writes on PostgreSQL; no JIT, no parallel workers', () => {
  /**
   * Our connection's settings on a database whose own defaults are synchronous_commit=on (the test cluster's is off),
   * jit=on and two parallel workers a statement.
   */
  const settings = async (durableWrites?: boolean) => {
    const own = await createPostgresDatabase();
    databases.push(own);
    const name = new URL(own.url).pathname.slice(1);
    const admin = postgres(own.url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = on`);
      await admin.unsafe(`ALTER DATABASE ${name} SET jit = on`);
      await admin.unsafe(`ALTER DATABASE ${name} SET max_parallel_workers_per_gather = 2`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const database = await openDatabase({ databaseUrl: own.url, durableWrites });
    try {
      return {
        durable: database.durable,
        fsync: await setting(database.db, 'fsync'),
        commit: await setting(database.db, 'synchronous_commit'),
        jit: await setting(database.db, 'jit'),
        parallelWorkers: await setting(database.db, 'max_parallel_workers_per_gather'),
      };
    } finally {
      await database.close();
    }
  };

  it("keeps the server's synchronous_commit by default and reports its durability", async () => {
    const byDefault = await settings();
    expect(byDefault.commit).toBe('on');
    // The test cluster runs with fsync off, which `durable` must report rather than assume.
    expect(byDefault.durable).toBe(byDefault.fsync === 'on');
  });

  it('turns synchronous_commit off on its connections with durableWrites: false', async () => {
    expect(await settings(false)).toMatchObject({ commit: 'off', durable: false });
  });

  // A search whose estimates were far off was compiled by LLVM for 0.9 s before running for 50 ms (bench/RESULTS.md).
  it('turns JIT off on its connections', async () => {
    expect((await settings()).jit).toBe('off');
  });

  // A search of 16,000 matches took 65–122 ms with two workers on a 2-core machine, 36–42 ms alone (bench/RESULTS.md).
  it('starts no parallel workers for its statements', async () => {
    expect((await settings()).parallelWorkers).toBe('0');
  });
});
