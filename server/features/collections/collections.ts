import { and, asc, eq, sql } from 'drizzle-orm';
import type { Collection, MediaType } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { collections, NOT_SAVE_TYPES, users } from '../../db/schema';
import type { CollectionRow } from '../../db/types';
import { fieldError, notFound } from '../../http/errors';
import { DEFAULT_COLLECTIONS } from '../users/users';

export const toCollection = (row: CollectionRow): Collection => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  gems_count: row.gemsCount,
  isUnfiltered: row.isUnfiltered,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The user's AI Chats collection, made again if the user deleted it. */
export async function aiChatsCollection(db: Db, userId: number): Promise<number> {
  const [user] = await db.select({ id: users.aiChatsCollectionId }).from(users).where(eq(users.id, userId));
  if (user?.id) return user.id;
  const [created] = await db
    .insert(collections)
    .values({ ownerId: userId, name: DEFAULT_COLLECTIONS.aiChats })
    .returning();
  if (!created) throw new Error('collection insert returned no row');
  await db.update(users).set({ aiChatsCollectionId: created.id }).where(eq(users.id, userId));
  return created.id;
}

export async function getOwnedCollection(db: Db, ownerId: number, id: number): Promise<CollectionRow> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.ownerId, ownerId)));
  if (!row) throw notFound('Collection');
  return row;
}

/**
 * The user's collection `id` to hold a gem of `mediaType`: a 404 when the user has none; a 400 naming
 * data.collectionId when it is AI Chats and the gem is a save (AI Chats holds chats and the chat panel's kinds).
 */
export async function getGemCollection(db: Db, ownerId: number, id: number, mediaType: MediaType) {
  const [row] = await db
    .select({ collection: collections, aiChatsId: users.aiChatsCollectionId })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .where(and(eq(collections.id, id), eq(collections.ownerId, ownerId)));
  if (!row) throw notFound('Collection');
  if (row.aiChatsId === id && !NOT_SAVE_TYPES.includes(mediaType))
    throw fieldError(400, 'data.collectionId', 'AI Chats holds chats, not saves: choose another collection');
  return row.collection;
}

/**
 * The user's collections to save into and pick from: all but AI Chats, which holds chats (and the chat panel's
 * prompts, voices, agents and memories); the chat history shows it.
 */
export async function listCollections(db: Db, ownerId: number) {
  const aiChats = db.select({ id: users.aiChatsCollectionId }).from(users).where(eq(users.id, ownerId));
  const rows = await db
    .select()
    .from(collections)
    .where(and(eq(collections.ownerId, ownerId), sql`${collections.id} is distinct from (${aiChats})`))
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

type CollectionLink = { id: number; parentId: number | null };

/**
 * Ids of `rootId` and every collection below it among `all` (one user's collections), root first.
 * Each id is visited once, so a parent loop (which the moves below never make, but a database edited by
 * hand or an older server may hold) ends the walk instead of hanging the server.
 */
export function collectSubtree(all: readonly CollectionLink[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of all) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId);
    if (list) list.push(c.id);
    else children.set(c.parentId, [c.id]);
  }
  const ids = [rootId];
  const visited = new Set(ids);
  for (let i = 0; i < ids.length; i++) {
    for (const child of children.get(ids[i] as number) ?? []) {
      if (visited.has(child)) continue;
      visited.add(child);
      ids.push(child);
    }
  }
  return ids;
}

/**
 * All of the user's collections, locked (FOR UPDATE, in id order so two callers never deadlock) until
 * the transaction `tx` ends: a move or delete checks the tree it changes with no other move in between.
 */
export function lockUserCollections(tx: Pick<Db, 'select'>, ownerId: number) {
  return tx
    .select({ id: collections.id, parentId: collections.parentId, isUnfiltered: collections.isUnfiltered })
    .from(collections)
    .where(eq(collections.ownerId, ownerId))
    .orderBy(asc(collections.id))
    .for('update');
}

/** Ids of a collection and every collection below it. */
export async function subtreeIds(db: Db, ownerId: number, rootId: number): Promise<number[]> {
  const all = await db
    .select({ id: collections.id, parentId: collections.parentId })
    .from(collections)
    .where(eq(collections.ownerId, ownerId));
  return collectSubtree(all, rootId);
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

/**
 * Renames or moves a collection. The move is checked and made in one transaction that first locks all
 * of the user's collections (in id order, so two moves never deadlock): two moves at once (A under B
 * and B under A) are serialised, and the second sees the first and is refused, so no parent loop is made.
 */
export async function updateCollection(
  db: Db,
  ownerId: number,
  id: number,
  input: { name?: string; parentId?: number | null },
  /** The request field naming the new parent, for errors (`dest` in POST /api/collections/{id}/move/{dest}). */
  field = 'data.parentId',
) {
  const name = field.split('.').at(-1);
  return db.transaction(async (tx) => {
    const all = await lockUserCollections(tx, ownerId);
    const current = all.find((c) => c.id === id);
    if (!current) throw notFound('Collection');
    if (input.parentId !== undefined && input.parentId !== null) {
      if (!all.some((c) => c.id === input.parentId)) throw notFound('Collection');
      if (current.isUnfiltered) {
        const message = 'The Unfiltered collection stays at the top level';
        throw fieldError(400, field, message, `${name}: ${message}`);
      }
      if (collectSubtree(all, id).includes(input.parentId)) {
        const message = 'A collection cannot be moved inside itself';
        const why = input.parentId === id ? '' : ' (the destination is one of its own sub-collections)';
        throw fieldError(400, field, message, `${name}: ${message}${why}`);
      }
      const [user] = await tx.select({ aiChats: users.aiChatsCollectionId }).from(users).where(eq(users.id, ownerId));
      if (input.parentId === user?.aiChats) {
        const message = 'AI Chats holds chats: a collection cannot be moved into it';
        throw fieldError(400, field, message, `${name}: ${message}`);
      }
    }
    const [row] = await tx
      .update(collections)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.parentId === undefined ? {} : { parentId: input.parentId }),
        updatedAt: new Date(),
      })
      .where(eq(collections.id, id))
      .returning();
    if (!row) throw notFound('Collection');
    return toCollection(row);
  });
}
