import { and, desc, eq, gt, isNull, lt, max, min, ne, sql } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../../db/client';
import { collections, gems } from '../../db/schema';
import type { Tx } from '../../db/types';
import { fieldError, notFound } from '../../http/errors';

/**
 * A collection's manual order: each gem's `sort_key`, a fractional key (the npm package fractional-indexing), compared
 * byte by byte (`collate "C"`, whatever the database's locale), so placing a gem writes its key alone. Gems never
 * placed (saved since, or moved in) have none and come first, newest first (ORDER.manual in gems.ts).
 */
const key = sql`${gems.sortKey} collate "C"`;

interface Neighbour {
  id: number;
  collectionId: number;
  sortKey: string | null;
}

async function neighbour(tx: Tx, ownerId: number, id: number, field: 'before' | 'after'): Promise<Neighbour> {
  const [row] = await tx
    .select({ id: gems.id, collectionId: gems.collectionId, sortKey: gems.sortKey })
    .from(gems)
    .where(and(eq(gems.id, id), eq(gems.ownerId, ownerId), isNull(gems.deletedAt)));
  if (!row) throw fieldError(404, field, `gem ${id} not found`);
  return row;
}

/**
 * Gives the collection's unkeyed gems keys, in the order they show (newest first), before every keyed one: once when
 * a collection is first ordered, and again for gems saved into it since. One statement.
 */
async function keyUnkeyed(tx: Tx, collectionId: number) {
  const unkeyed = await tx
    .select({ id: gems.id })
    .from(gems)
    .where(and(eq(gems.collectionId, collectionId), isNull(gems.sortKey)))
    .orderBy(desc(gems.createdAt), desc(gems.id));
  if (!unkeyed.length) return;
  const [first] = await tx
    .select({ key: min(key) })
    .from(gems)
    .where(eq(gems.collectionId, collectionId));
  const keys = generateNKeysBetween(null, (first?.key as string | null) ?? null, unkeyed.length);
  await tx.execute(sql`
    UPDATE gems SET sort_key = k.key
    FROM unnest(${`{${unkeyed.map((g) => g.id).join(',')}}`}::int[], ${`{${keys.join(',')}}`}::text[]) AS k(id, key)
    WHERE gems.id = k.id`);
}

/** The key of the gem next to `from` (after it, or before it) in the collection, leaving out the gem being moved. */
async function nextKey(tx: Tx, collectionId: number, movingId: number, from: string, side: 'after' | 'before') {
  const [row] = await tx
    .select({ key: side === 'after' ? min(key) : max(key) })
    .from(gems)
    .where(
      and(eq(gems.collectionId, collectionId), ne(gems.id, movingId), side === 'after' ? gt(key, from) : lt(key, from)),
    );
  return (row?.key as string | null) ?? null;
}

/**
 * Places gem `id` right after `after` and/or right before `before` (gems of its collection) and answers its new key.
 * The collection row is locked for the while, so two placements in one collection never get the same key.
 */
export async function placeGem(db: Db, ownerId: number, id: number, to: { before?: number; after?: number }) {
  if (to.before === undefined && to.after === undefined)
    throw fieldError(400, 'before', 'Name the gem it goes before or after (`before`, `after` or both)');
  for (const field of ['before', 'after'] as const)
    if (to[field] === id) throw fieldError(400, field, 'A gem cannot be placed next to itself');
  return db.transaction(async (tx) => {
    const [gem] = await tx
      .select({ id: gems.id, collectionId: gems.collectionId })
      .from(gems)
      .where(and(eq(gems.id, id), eq(gems.ownerId, ownerId), isNull(gems.deletedAt)));
    if (!gem) throw notFound('Gem');
    await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, gem.collectionId)).for('update');
    const sides: Partial<Record<'before' | 'after', Neighbour>> = {};
    for (const field of ['before', 'after'] as const) {
      const other = to[field];
      if (other === undefined) continue;
      const row = await neighbour(tx, ownerId, other, field);
      if (row.collectionId !== gem.collectionId)
        throw fieldError(400, field, `gem ${other} is in another collection: only gems of one collection are ordered`);
      sides[field] = row;
    }
    await keyUnkeyed(tx, gem.collectionId);
    const keyOf = async (field: 'before' | 'after') => {
      const row = sides[field];
      if (!row) return undefined;
      const [again] = await tx.select({ key: gems.sortKey }).from(gems).where(eq(gems.id, row.id));
      return again?.key as string;
    };
    const afterKey = await keyOf('after');
    const beforeKey = await keyOf('before');
    let low = afterKey ?? null;
    let high = beforeKey ?? null;
    if (afterKey !== undefined && beforeKey !== undefined) {
      if (afterKey >= beforeKey) throw fieldError(400, 'before', `gem ${to.before} comes before gem ${to.after}`);
    } else if (afterKey !== undefined) high = await nextKey(tx, gem.collectionId, id, afterKey, 'after');
    else if (beforeKey !== undefined) low = await nextKey(tx, gem.collectionId, id, beforeKey, 'before');
    const sortKey = generateKeyBetween(low, high);
    await tx.update(gems).set({ sortKey }).where(eq(gems.id, id));
    return { id, collectionId: gem.collectionId, sortKey };
  });
}
