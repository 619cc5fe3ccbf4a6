import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { collections, gems, users } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { toCollection } from './serialize';

type CollectionRow = typeof collections.$inferSelect;

export async function getOwnedCollection(db: Db, ownerId: number, id: number): Promise<CollectionRow> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.ownerId, ownerId)));
  if (!row) throw notFound('Collection');
  return row;
}

export async function listCollections(db: Db, ownerId: number) {
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.ownerId, ownerId))
    .orderBy(asc(sql`lower(${collections.name})`), asc(collections.id));
  return rows.map(toCollection);
}

/** How many gems the user has, from the counts the triggers keep. */
export async function countUserGems(db: Db, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${collections.gemsCount}), 0)::int` })
    .from(collections)
    .where(eq(collections.ownerId, ownerId));
  return row?.n ?? 0;
}

/** Ids of a collection and every collection below it. */
export async function subtreeIds(db: Db, ownerId: number, rootId: number): Promise<number[]> {
  const all = await db
    .select({ id: collections.id, parentId: collections.parentId })
    .from(collections)
    .where(eq(collections.ownerId, ownerId));
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  return ids;
}

export async function createCollection(db: Db, ownerId: number, input: { name: string; parentId?: number | null }) {
  if (input.parentId) await getOwnedCollection(db, ownerId, input.parentId);
  const [row] = await db
    .insert(collections)
    .values({ ownerId, name: input.name, parentId: input.parentId ?? null })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toCollection(row);
}

export async function updateCollection(
  db: Db,
  ownerId: number,
  id: number,
  input: { name?: string; parentId?: number | null },
) {
  const current = await getOwnedCollection(db, ownerId, id);
  if (input.parentId !== undefined && input.parentId !== null) {
    await getOwnedCollection(db, ownerId, input.parentId);
    if (current.isUnfiltered) {
      throw new ApiError(400, 'parentId: The Unfiltered collection stays at the top level', {
        errors: [{ path: 'data.parentId', message: 'The Unfiltered collection stays at the top level' }],
      });
    }
    if ((await subtreeIds(db, ownerId, id)).includes(input.parentId)) {
      throw new ApiError(400, 'parentId: A collection cannot be moved inside itself', {
        errors: [{ path: 'data.parentId', message: 'A collection cannot be moved inside itself' }],
      });
    }
  }
  const [row] = await db
    .update(collections)
    .set({
      name: input.name ?? current.name,
      parentId: input.parentId === undefined ? current.parentId : input.parentId,
      updatedAt: new Date(),
    })
    .where(eq(collections.id, id))
    .returning();
  if (!row) throw notFound('Collection');
  return toCollection(row);
}

/**
 * Deletes a collection and its sub-collections. Their gems are not lost: they move to the user's
 * Unfiltered collection, which itself cannot be deleted.
 */
export async function deleteCollection(db: Db, ownerId: number, id: number, unfilteredId: number | null) {
  const row = await getOwnedCollection(db, ownerId, id);
  if (row.isUnfiltered || row.id === unfilteredId)
    throw new ApiError(400, 'The Unfiltered collection cannot be deleted');
  if (!unfilteredId) throw new Error(`user ${ownerId} has no Unfiltered collection`);
  const ids = await subtreeIds(db, ownerId, id);
  if (ids.includes(unfilteredId)) throw new ApiError(400, 'The Unfiltered collection cannot be deleted');
  await db.transaction(async (tx) => {
    await tx
      .update(gems)
      .set({ collectionId: unfilteredId, updatedAt: new Date() })
      .where(inArray(gems.collectionId, ids));
    await tx.delete(collections).where(eq(collections.id, id));
    // the user no longer has an AI Chats collection if it was in the deleted subtree
    await tx
      .update(users)
      .set({ aiChatsCollectionId: null })
      .where(and(eq(users.id, ownerId), inArray(users.aiChatsCollectionId, ids)));
  });
  return { id, movedToCollectionId: unfilteredId };
}
