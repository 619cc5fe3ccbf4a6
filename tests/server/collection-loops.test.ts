import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatContextInput } from '../../lib/api/chat-contract';
import type { Database } from '../../server/db/client';
import { collections, users } from '../../server/db/schema';
import { gatherContext } from '../../server/features/answers/context';
import { deleteCollections } from '../../server/features/collections/collection-tree';
import { collectSubtree, subtreeIds } from '../../server/features/collections/collections';
import { openFileStore } from '../../server/storage/open-store';
import { backend, expectFieldError, openTestDatabase, startTestServer, type TestServer } from './harness';

/**
 * Collections form a tree: a move that would put a collection inside itself is refused, also when two
 * moves race (A under B and B under A at once); and should a loop ever be in the database, the walks
 * over the tree (deleting, chat context) still end.
 */

describe('the walk down a collection tree', () => {
  it('visits each collection once, so a parent loop ends the walk', () => {
    const tree = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 4, parentId: null },
    ];
    expect(collectSubtree(tree, 1)).toEqual([1, 2, 3]);
    expect(collectSubtree(tree, 4)).toEqual([4]);
    const loop = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 5, parentId: 5 },
    ];
    expect(collectSubtree(loop, 1)).toEqual([1, 2, 3]);
    expect(collectSubtree(loop, 5)).toEqual([5]);
  });
});

describe(`a database that holds a parent loop (${backend})`, () => {
  let database: Database;
  let uploadsDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    uploadsDir = mkdtempSync(join(tmpdir(), 'trove-loop-uploads-'));
  });
  afterAll(async () => {
    await database?.close();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('still answers the subtree, the chat context and the delete', async () => {
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ username: 'looped', email: 'looped@example.test', passwordHash: 'x' })
      .returning();
    if (!owner) throw new Error('no user');
    const [unfiltered, a, b] = await db
      .insert(collections)
      .values([
        { ownerId: owner.id, name: 'Unfiltered', isUnfiltered: true },
        { ownerId: owner.id, name: 'A' },
        { ownerId: owner.id, name: 'B' },
      ])
      .returning();
    if (!unfiltered || !a || !b) throw new Error('no collections');
    await db.update(collections).set({ parentId: b.id }).where(eq(collections.id, a.id));
    await db.update(collections).set({ parentId: a.id }).where(eq(collections.id, b.id));

    expect((await subtreeIds(db, owner.id, a.id)).sort()).toEqual([a.id, b.id].sort());
    const store = await openFileStore({ uploadsDir });
    const items = await gatherContext(db, owner.id, chatContextInput.parse({ collectionIds: [a.id] }), {
      store,
      chatId: null,
    });
    expect(items).toEqual([]);
    const ownerIds = { id: owner.id, unfilteredCollectionId: unfiltered.id, aiChatsCollectionId: null };
    expect(await deleteCollections(db, ownerIds, [a.id], { gems: 'unfiltered' }, new Date())).toEqual({
      ids: [a.id],
      movedToCollectionId: unfiltered.id,
      trashedGems: 0,
    });
    const left = await db.select({ id: collections.id }).from(collections).where(eq(collections.ownerId, owner.id));
    expect(left.map((c) => c.id)).toEqual([unfiltered.id]);
  });
});

/**
 * PGlite runs one transaction at a time, so only PostgreSQL can overlap two moves. The test holds the
 * collections table in SHARE mode (reads and row locks pass, updates wait) until both moves wait on a
 * lock, then lets them go: without the row lock both had checked the tree before either moved, and
 * both moved.
 */
describe.runIf(backend === 'postgres')('PostgreSQL only: two moves at once', () => {
  let server: TestServer;
  let sql: postgres.Sql;
  beforeAll(async () => {
    server = await startTestServer({ databasePoolSize: 4 }, { isolated: true });
    sql = postgres(server.config.databaseUrl ?? '', { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await server?.close();
  });

  it('A under B and B under A: one moves, the other is refused naming parentId, and no loop is made', async () => {
    const s = await server.signUp('moves');
    const create = async (name: string) =>
      (await server.api('/api/collections', { token: s.jwt, body: { data: { name } } })).body.data.id as number;
    const a = await create('A');
    const b = await create('B');

    const { sent } = await sql.begin(async (tx) => {
      await tx.unsafe('LOCK TABLE collections IN SHARE MODE');
      const sent = [
        server.api(`/api/collections/${a}`, { method: 'PUT', token: s.jwt, body: { data: { parentId: b } } }),
        server.api(`/api/collections/${b}`, { method: 'PUT', token: s.jwt, body: { data: { parentId: a } } }),
      ];
      for (let waited = 0; ; waited += 20) {
        const [row] = await sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        if (row?.n === sent.length) break;
        if (waited > 20_000) throw new Error(`only ${row?.n} of ${sent.length} moves reached a lock`);
        await sleep(20);
      }
      return { sent };
    });
    const results = await Promise.all(sent);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400);
    if (!refused) throw new Error('none refused');
    expectFieldError(refused, 'data.parentId', 'A collection cannot be moved inside itself');

    const parents = await sql`SELECT id, parent_id FROM collections WHERE id IN (${a}, ${b}) ORDER BY id`;
    expect(parents.filter((r) => r.parent_id !== null)).toHaveLength(1);
    const deleted = await server.api(`/api/collections/${a}`, { method: 'DELETE', token: s.jwt });
    expect(deleted.status).toBe(200);
  });
});
