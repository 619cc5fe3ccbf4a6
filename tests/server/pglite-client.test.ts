import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../server/db/pglite-durable';
import { folderBytes, sharedBuffersFor } from '../../server/db/pglite-memory';
import { PreparedPglite } from '../../server/db/pglite-prepared';
import { keepUp, upkeepStale } from '../../server/db/pglite-upkeep';
import { backend, freshDataDir, removeDataDir } from './harness';

/**
 * The server's PGlite client (server/db/pglite-prepared.ts: every query a named prepared statement)
 * and its upkeep (server/db/pglite-upkeep.ts: statistics and vacuum), on one PGlite opened on a copy of the migrated
 * template folder (an in-memory PGlite runs initdb: ~4 s of CPU more), with tables of the tests' own.
 */
describe.runIf(backend === 'pglite')('PGlite client', () => {
  let pg: PGlite;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
    pg = new PGlite(dataDir);
    await pg.exec(`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL UNIQUE, tags int[] NOT NULL DEFAULT '{}',
      meta jsonb, at timestamptz NOT NULL DEFAULT now())`);
  });
  afterAll(async () => {
    await pg.close();
    removeDataDir(dataDir);
  });

  it('prepares a statement once per SQL text and answers as PGlite does, rows as objects or arrays', async () => {
    const client = new PreparedPglite(pg);
    const insert = 'INSERT INTO notes (body, tags, meta) VALUES ($1, $2, $3) RETURNING id, tags, meta, at';
    const first = await client.query<{ id: number; tags: number[]; meta: unknown; at: Date }>(insert, [
      'one',
      [1, 2],
      { a: 1 },
    ]);
    await client.query(insert, ['two', [], null]);
    expect(client.preparedCount).toBe(1);
    expect(first.affectedRows).toBe(1);
    expect(first.rows[0]).toMatchObject({ tags: [1, 2], meta: { a: 1 } });
    expect(first.rows[0]?.at).toBeInstanceOf(Date);
    const sql = 'SELECT id, body FROM notes WHERE body = ANY($1::text[]) ORDER BY id';
    expect(await client.query(sql, [['one', 'two']], { rowMode: 'array' })).toEqual(
      await pg.query(sql, [['one', 'two']], { rowMode: 'array' }),
    );
    expect(client.preparedCount).toBe(2);
  });

  it('keeps at most maxStatements, the least recently used closed', async () => {
    const client = new PreparedPglite(pg, { maxStatements: 3 });
    for (let i = 0; i < 10; i++) {
      const { rows } = await client.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1]);
      expect(rows[0]?.n).toBe(1 + i);
    }
    expect(client.preparedCount).toBe(3);
    const { rows } = await pg.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'trove_%'",
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(3 + 2); // this client's 3 (and the first test's 2)
  });

  it('reports errors with their SQLSTATE and the query, and goes on', async () => {
    const client = new PreparedPglite(pg);
    const insert = 'INSERT INTO notes (body) VALUES ($1)';
    await client.query(insert, ['dup']);
    await expect(client.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(client.query('SELEC nothing')).rejects.toMatchObject({ code: '42601' });
    expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs transactions on PGlite’s: committed together, or rolled back on an error', async () => {
    const client = new PreparedPglite(pg);
    const count = async () => (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]?.n;
    const before = await count();
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (body) VALUES ($1)', ['in a rolled back transaction']);
        await tx.query('INSERT INTO notes (body) VALUES ($1)', ['dup']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (body) VALUES ($1)', ['kept 1']);
      await tx.query('INSERT INTO notes (body) VALUES ($1)', ['kept 2']);
    });
    expect(await count()).toBe((before ?? 0) + 2);
  });

  describe('upkeep', () => {
    /** What the catalogue knows of a table: its rows by its statistics, and its pages marked all-visible. */
    const known = async (table: string) =>
      (
        await pg.query<{ tuples: number; visible: number }>(
          'SELECT reltuples AS tuples, relallvisible AS visible FROM pg_class WHERE relname = $1',
          [table],
        )
      ).rows[0];
    const tuplesKnown = async (table: string) => (await known(table))?.tuples;
    /** The tables analysed by an upkeep that may not vacuum (the server has run a query within the idle time). */
    const analysed = async () => (await upkeepStale(pg, { vacuum: false })).analysed;
    const bytes = async (table: string) =>
      Number((await pg.query<{ n: string }>('SELECT pg_table_size($1::regclass) AS n', [table])).rows[0]?.n);

    it('analyses the tables that grew since their last ANALYZE, and only those', async () => {
      await pg.exec('CREATE TABLE grows (id serial PRIMARY KEY, body text); CREATE TABLE stays (id int); ANALYZE');
      expect(await analysed()).toEqual([]);
      await pg.query("INSERT INTO grows (body) SELECT repeat('x', 100) FROM generate_series(1, 2000)");
      expect(await analysed()).toEqual(['grows']);
      expect(await tuplesKnown('grows')).toBe(2000);
      expect(await analysed()).toEqual([]);
    });

    it('analyses a table most of whose rows were deleted since (its file does not shrink)', async () => {
      await pg.exec('CREATE TABLE shrinks (id int); INSERT INTO shrinks SELECT generate_series(1, 2000)');
      expect(await analysed()).toEqual(['shrinks']);
      expect(await analysed()).toEqual([]);
      await pg.query('DELETE FROM shrinks WHERE id > 100');
      expect(await analysed()).toEqual(['shrinks']);
      expect(await tuplesKnown('shrinks')).toBe(100);
      expect(await analysed()).toEqual([]);
    });

    it('vacuums a table whose rows keep changing, so it stops growing with dead rows', async () => {
      await pg.exec(`CREATE TABLE churns (id int PRIMARY KEY, body text);
        INSERT INTO churns SELECT n, repeat('x', 200) FROM generate_series(1, 2000) n`);
      await upkeepStale(pg, { vacuum: true });
      const fresh = await bytes('churns');
      // Idle: each round's dead rows are vacuumed and their space reused; without, the table is six times its size.
      for (let round = 0; round < 5; round++) {
        await pg.query("UPDATE churns SET body = repeat('y', 200)");
        expect((await upkeepStale(pg, { vacuum: true })).vacuumed).toContain('churns');
      }
      expect(await bytes('churns')).toBeLessThan(fresh * 2.5);
      // Busy: the rows changed are only analysed, and vacuumed once the database is idle.
      await pg.query("UPDATE churns SET body = repeat('z', 200)");
      expect(await upkeepStale(pg, { vacuum: false })).toEqual({ analysed: ['churns'], vacuumed: [] });
      expect((await upkeepStale(pg, { vacuum: true })).vacuumed).toEqual(['churns']);
    });

    it('vacuums a table whose pages are not all-visible, after a restart too, so an index alone answers a count', async () => {
      await pg.exec(`CREATE TABLE counted (id int PRIMARY KEY, body text);
        INSERT INTO counted SELECT n, repeat('x', 100) FROM generate_series(1, 5000) n`);
      // The counters of this start are gone after a restart: what is left is the catalogue's pages and visible pages.
      await pg.exec('ANALYZE counted; SELECT pg_stat_reset()');
      expect((await upkeepStale(pg, { vacuum: true })).vacuumed).toEqual(['counted']);
      const [plan] = await pg
        .exec(`SET enable_seqscan = off; SET enable_bitmapscan = off;
        EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM counted WHERE id > 10;
        RESET enable_seqscan; RESET enable_bitmapscan`)
        .then((results) => results.filter((r) => r.rows.length));
      expect(plan?.rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(
        /Index Only Scan using counted_pkey[\s\S]*Heap Fetches: 0/,
      );
      expect(await upkeepStale(pg, { vacuum: true })).toEqual({ analysed: [], vacuumed: [] });
    });

    it('vacuums on its own, and only while the server leaves the database idle for 3 s', async () => {
      await pg.exec(`CREATE TABLE waits (id int PRIMARY KEY, body text);
        INSERT INTO waits SELECT n, repeat('x', 100) FROM generate_series(1, 5000) n; ANALYZE waits`);
      const visiblePages = async () => (await known('waits'))?.visible;
      let idleMs = 0;
      const upkeep = await keepUp(pg, false, () => idleMs, 20);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300)); // a dozen checks while queries keep coming
        expect(await visiblePages()).toBe(0);
        idleMs = 3_000;
        await expect.poll(visiblePages, { timeout: 10_000 }).toBeGreaterThan(0);
      } finally {
        upkeep.stop();
      }
    });
  });
});

describe.runIf(backend === 'pglite')('PGlite’s buffer cache', () => {
  it('grows with the data folder: a sixteenth of it (server/db/pglite-memory.ts)', async () => {
    const dir = await freshDataDir();
    try {
      // 1.5 GiB more of data, as a sparse file (it takes no disk): the cache grows from 32MB to a sixteenth
      writeFileSync(join(dir, 'padding'), '');
      truncateSync(join(dir, 'padding'), 1.5 * 2 ** 30);
      const expected = sharedBuffersFor(folderBytes(dir));
      expect(Number.parseInt(expected, 10)).toBeGreaterThanOrEqual(96);
      const pg = new PGlite(pgliteOptions(dir, false));
      const { rows } = await pg.query<{ shared_buffers: string }>('SHOW shared_buffers');
      await pg.close();
      expect(rows[0]?.shared_buffers).toBe(expected);
    } finally {
      removeDataDir(dir);
    }
  });
});
