import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { collections, gems, users } from '../../server/db/schema';
import { backend, openTestDatabase } from './harness';

/**
 * Migration 0001 keeps collections.gems_count with statement-level AFTER triggers over transition tables
 * (REFERENCING NEW/OLD TABLE). The API changes one gem per statement (bar the move when a collection is
 * deleted); here single statements touch many rows in several collections, straight on the database,
 * on PGlite and on PostgreSQL alike.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`gem counts kept by statement-level triggers (${backend})`, () => {
  it('follow multi-row inserts, moves, swaps, non-moves and deletes, one statement each', async () => {
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ username: 'trigger', email: 'trigger@example.test', passwordHash: 'x' })
      .returning();
    if (!owner) throw new Error('no user');
    const made = await db
      .insert(collections)
      .values(['A', 'B', 'C'].map((name) => ({ ownerId: owner.id, name })))
      .returning();
    const idOf = (name: string) => {
      const id = made.find((x) => x.name === name)?.id;
      if (!id) throw new Error(`no collection ${name}`);
      return id;
    };
    const a = idOf('A');
    const b = idOf('B');
    const c = idOf('C');
    const counts = async () =>
      Object.fromEntries(
        (
          await db
            .select({ name: collections.name, n: collections.gemsCount })
            .from(collections)
            .where(eq(collections.ownerId, owner.id))
        ).map((r) => [r.name, r.n]),
      );
    const gem = (collectionId: number, i: number) => ({
      ownerId: owner.id,
      collectionId,
      title: `g${i}`,
      url: `https://example.com/${i}`,
      canonicalUrl: `https://example.com/${i}`,
    });
    expect(await counts()).toEqual({ A: 0, B: 0, C: 0 });

    const inserted = await db
      .insert(gems)
      .values([gem(a, 1), gem(a, 2), gem(a, 3), gem(b, 4), gem(b, 5)])
      .returning({ id: gems.id, title: gems.title });
    expect(await counts()).toEqual({ A: 3, B: 2, C: 0 });

    // A's gems to B and B's to A at once: the moves in and out net per collection
    await db
      .update(gems)
      .set({ collectionId: sql`CASE WHEN ${gems.collectionId} = ${a} THEN ${b}::int ELSE ${a}::int END` })
      .where(inArray(gems.collectionId, [a, b]));
    expect(await counts()).toEqual({ A: 2, B: 3, C: 0 });

    // an update that moves nothing changes no count
    await db.update(gems).set({ title: 'renamed' }).where(eq(gems.ownerId, owner.id));
    expect(await counts()).toEqual({ A: 2, B: 3, C: 0 });

    await db
      .update(gems)
      .set({ collectionId: c })
      .where(and(eq(gems.ownerId, owner.id), inArray(gems.collectionId, [a, b])));
    expect(await counts()).toEqual({ A: 0, B: 0, C: 5 });

    const [one, two, three] = inserted.map((g) => g.id);
    await db
      .update(gems)
      .set({ collectionId: a })
      .where(eq(gems.id, one ?? 0));
    await db.delete(gems).where(inArray(gems.id, [one ?? 0, two ?? 0, three ?? 0]));
    expect(await counts()).toEqual({ A: 0, B: 0, C: 2 });

    // an update or delete that matches no row leaves the counts alone
    await db.update(gems).set({ collectionId: a }).where(eq(gems.id, -1));
    await db.delete(gems).where(eq(gems.id, -1));
    expect(await counts()).toEqual({ A: 0, B: 0, C: 2 });
  });
});
