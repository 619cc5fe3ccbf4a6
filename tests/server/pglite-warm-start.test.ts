import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { folderBytes } from '../../server/db/pglite-memory';
import {
  keepListingCachedPages,
  keepsCacheAcrossRestarts,
  restoreCachedPages,
  saveCachedPages,
  warmStartExtensions,
} from '../../server/db/pglite-warm-start';
import { backend, freshDataDir, removeDataDir } from './harness';

/**
 * PGlite's buffer cache listed on close and read back on open (server/db/pglite-warm-start.ts), on a copy of the
 * migrated template folder with a table of the test's own.
 */
describe.runIf(backend === 'pglite')('PGlite warm start', () => {
  const LIST = 'trove-cached-pages.json';
  const dirs: string[] = [];
  const open = (dataDir: string) => new PGlite({ dataDir, extensions: warmStartExtensions });
  afterEach(() => {
    for (const dir of dirs.splice(0)) removeDataDir(dir);
  });

  /** The blocks of `table` in the cache, read with pg_buffercache in a transaction rolled back. */
  async function cachedBlocks(pg: PGlite, table: string): Promise<number[]> {
    return pg.transaction(async (tx) => {
      await tx.exec('CREATE EXTENSION pg_buffercache');
      const { rows } = await tx.query<{ block: number }>(
        `SELECT relblocknumber AS block FROM pg_buffercache
         WHERE relfilenode = pg_relation_filenode($1::regclass) AND relforknumber = 0 ORDER BY 1`,
        [table],
      );
      await tx.rollback();
      return rows.map((row) => Number(row.block));
    }) as Promise<number[]>;
  }

  async function folderWithPages(): Promise<{ dataDir: string; blocks: number[] }> {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const pg = open(dataDir);
    await pg.exec(`CREATE TABLE pages_test AS SELECT n, repeat('x', 500) AS filler FROM generate_series(1, 2000) n`);
    const size = await pg.query<{ blocks: number }>(`SELECT pg_relation_size('pages_test') / 8192 AS blocks`);
    await pg.query('SELECT count(*) FROM pages_test');
    expect(await saveCachedPages(pg, dataDir)).toBeGreaterThanOrEqual(Number(size.rows[0]?.blocks));
    await pg.close();
    return { dataDir, blocks: Array.from({ length: Number(size.rows[0]?.blocks) }, (_, i) => i) };
  }

  it('lists the cached pages on close and reads them back on open; the extensions do not stay', async () => {
    const { dataDir, blocks } = await folderWithPages();
    expect(blocks.length).toBeGreaterThan(100);
    const list = JSON.parse(readFileSync(join(dataDir, LIST), 'utf8')) as { relation: string; blocks: number[] }[];
    expect(list.find((row) => row.relation === 'pages_test')?.blocks).toEqual(blocks);

    const cold = open(dataDir);
    expect(await cachedBlocks(cold, 'pages_test')).toEqual([]);
    await cold.close();

    const warm = open(dataDir);
    expect(await restoreCachedPages(warm, dataDir)).toBeGreaterThanOrEqual(blocks.length);
    expect(await cachedBlocks(warm, 'pages_test')).toEqual(blocks);
    const { rows } = await warm.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_extension WHERE extname IN ('pageinspect', 'pg_buffercache')",
    );
    expect(rows[0]?.n).toBe(0);
    expect(existsSync(join(dataDir, LIST))).toBe(true);
    await warm.close();
  });

  it('lists them every so often while open, for a server that stops without closing', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const pg = open(dataDir);
    await pg.exec(`CREATE TABLE pages_test AS SELECT n FROM generate_series(1, 10) n`);
    await pg.query('SELECT count(*) FROM pages_test');
    const listing = keepListingCachedPages(pg, dataDir, 50);
    await expect
      .poll(() => existsSync(join(dataDir, LIST)) && readFileSync(join(dataDir, LIST), 'utf8'), { timeout: 10_000 })
      .toContain('"pages_test"');
    listing.stop();
    await pg.close();
  });

  it('skips what is gone since: a table dropped, a table made smaller', async () => {
    const { dataDir } = await folderWithPages();
    const pg = open(dataDir);
    await pg.exec(`CREATE TABLE kept AS SELECT n FROM generate_series(1, 10) n`);
    await pg.exec('DELETE FROM pages_test WHERE n > 100');
    await pg.exec('VACUUM pages_test');
    const size = await pg.query<{ blocks: number }>(`SELECT pg_relation_size('pages_test') / 8192 AS blocks`);
    const smaller = Number(size.rows[0]?.blocks);
    await pg.close();
    const again = open(dataDir);
    await restoreCachedPages(again, dataDir);
    expect(await cachedBlocks(again, 'pages_test')).toEqual(Array.from({ length: smaller }, (_, i) => i));
    await again.exec('DROP TABLE pages_test');
    await again.close();
    const dropped = open(dataDir);
    expect(await restoreCachedPages(dropped, dataDir)).toBeGreaterThan(0);
    await dropped.close();
  });

  it('starts cold from a list it cannot read, and removes it', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    writeFileSync(join(dataDir, LIST), '{"not": "a list"');
    const pg = open(dataDir);
    expect(await restoreCachedPages(pg, dataDir)).toBe(0);
    expect(existsSync(join(dataDir, LIST))).toBe(false);
    await pg.close();
  });

  it('is not kept for a small library: its server’s database lists no pages on close', async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    expect(keepsCacheAcrossRestarts(folderBytes(dataDir))).toBe(false);
    writeFileSync(join(dataDir, LIST), JSON.stringify([{ relation: 'pg_class', blocks: [0] }]));
    const database = await openDatabase({ dataDir, durableWrites: false });
    await database.close();
    // not written again on close (it would list every page the open read)
    expect(JSON.parse(readFileSync(join(dataDir, LIST), 'utf8'))).toEqual([{ relation: 'pg_class', blocks: [0] }]);
  });
});
