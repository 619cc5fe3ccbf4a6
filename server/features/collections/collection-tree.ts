import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { CollectionCounts } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { collections, gems, NOT_SAVE_MEDIA_TYPES, NOT_SAVE_TYPES, users } from '../../db/schema';
import type { Tx } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { collectSubtree, getOwnedCollection, lockUserCollections, toCollection } from './collections';

/** What happens to the gems of deleted collections: see deleteCollectionQuery in lib/api/library-contract.ts. */
export interface GemsFate {
  gems: 'unfiltered' | 'trash' | 'move';
  to?: number;
}

/**
 * Deletes collections with their sub-collections in one transaction, all or none (`field` names the request's list
 * for a 404, e.g. `collectionIds`; without it a missing one is the plain 404 of a single delete). Their gems, trashed
 * ones included, go to Unfiltered or to `fate.to`; with `fate.gems = 'trash'` the saves among them are trashed first
 * (stamped `now`), so a restore finds them in Unfiltered.
 */
export async function deleteCollections(
  db: Db,
  owner: { id: number; unfilteredCollectionId: number | null; aiChatsCollectionId: number | null },
  ids: readonly number[],
  fate: GemsFate,
  now: Date,
  field?: string,
) {
  const unfilteredId = owner.unfilteredCollectionId;
  if (!unfilteredId) throw new Error(`user ${owner.id} has no Unfiltered collection`);
  if (fate.gems === 'move' && fate.to === undefined)
    throw fieldError(400, 'to', 'Name the collection the gems move to (`to`) with `gems=move`');
  return db.transaction(async (tx) => {
    const all = await lockUserCollections(tx, owner.id);
    for (const [index, id] of ids.entries())
      if (!all.some((c) => c.id === id))
        throw field ? fieldError(404, `${field}.${index}`, `collection ${id} not found`) : notFound('Collection');
    const doomed = [...new Set(ids.flatMap((id) => collectSubtree(all, id)))];
    if (doomed.some((id) => all.find((c) => c.id === id)?.isUnfiltered || id === unfilteredId))
      throw new ApiError(400, 'The Unfiltered collection cannot be deleted');
    const target = fate.gems === 'move' ? (fate.to as number) : unfilteredId;
    if (fate.gems === 'move') {
      if (!all.some((c) => c.id === target)) throw fieldError(404, 'to', `collection ${target} not found`);
      if (doomed.includes(target)) throw fieldError(400, 'to', 'The gems cannot move to a collection being deleted');
      if (target === owner.aiChatsCollectionId)
        throw fieldError(400, 'to', 'AI Chats holds chats, not saves: choose another collection');
    }
    const trashedGems = fate.gems === 'trash' ? await trashIn(tx, doomed, unfilteredId, now) : 0;
    await tx
      .update(gems)
      .set({ collectionId: target, sortKey: null, updatedAt: new Date() })
      .where(inArray(gems.collectionId, doomed));
    await tx.delete(collections).where(inArray(collections.id, ids as number[]));
    // the user no longer has an AI Chats collection if it was in a deleted subtree
    await tx
      .update(users)
      .set({ aiChatsCollectionId: null })
      .where(and(eq(users.id, owner.id), inArray(users.aiChatsCollectionId, doomed)));
    return { ids: [...new Set(ids)], movedToCollectionId: fate.gems === 'trash' ? null : target, trashedGems };
  });
}

/** Trashes the saves in `collectionIds`, moving them to Unfiltered; returns how many. */
async function trashIn(tx: Tx, collectionIds: number[], unfilteredId: number, now: Date) {
  const trashed = await tx
    .update(gems)
    .set({ deletedAt: now, collectionId: unfilteredId, sortKey: null })
    .where(
      and(
        inArray(gems.collectionId, collectionIds),
        isNull(gems.deletedAt),
        sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`,
      ),
    )
    .returning({ id: gems.id });
  return trashed.length;
}

/** A page of the collections right under `parentId` (the user's), by name. */
export async function subCollections(
  db: Db,
  ownerId: number,
  parentId: number,
  { page, perPage }: { page: number; perPage: number },
) {
  await getOwnedCollection(db, ownerId, parentId);
  const where = and(eq(collections.ownerId, ownerId), eq(collections.parentId, parentId));
  const rows = await db
    .select()
    .from(collections)
    .where(where)
    .orderBy(asc(sql`lower(${collections.name})`), asc(collections.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(collections).where(where);
  return { data: rows.map(toCollection), total: total?.n ?? 0, page, perPage };
}

interface CountsRow {
  collections: { id: number; parentId: number | null; count: number; countWithDescendants: number }[] | string | null;
  all: number;
  favourites: number;
  trash: number;
}

/**
 * How many saves (not in the trash, not chats or the panel's kinds) `ownerId`'s library holds, from the trigger-kept
 * gems_count of their collections (a gem is always in a collection of its owner's) less the other kinds: a read of
 * the collections and of the owner's chats, not of every gem.
 */
export const librarySavesCountSql = (ownerId: number): SQL => sql`(
  (SELECT coalesce(sum(c.gems_count), 0) FROM collections c WHERE c.owner_id = ${ownerId})
  - (SELECT count(*) FROM gems g WHERE g.owner_id = ${ownerId} AND g.media_type IN ${NOT_SAVE_MEDIA_TYPES}
      AND g.deleted_at IS NULL))`;

/**
 * Each collection's saves, alone and with every collection below it, and the sidebar's other counts, in ONE statement:
 * the trigger-kept gems_count (trashed gems are not in it) less the chats and other non-saves, summed up the tree by a
 * recursive walk (UNION, so a parent loop a hand-edited database might hold ends). AI Chats is left out.
 */
export async function collectionCounts(db: Db, ownerId: number): Promise<CollectionCounts> {
  const notSaves = sql.raw(NOT_SAVE_TYPES.map((type) => `'${type}'`).join(', '));
  const [row] = await selectRows<CountsRow>(
    db,
    sql`
    WITH RECURSIVE own AS (
      SELECT c.id, c.parent_id, c.gems_count - coalesce(ns.n, 0) AS n
      FROM collections c
      LEFT JOIN (
        SELECT collection_id, count(*)::int AS n FROM gems
        WHERE owner_id = ${ownerId} AND media_type IN (${notSaves}) AND deleted_at IS NULL
        GROUP BY collection_id
      ) ns ON ns.collection_id = c.id
      WHERE c.owner_id = ${ownerId}
    ),
    tree(ancestor, id) AS (
      SELECT id, id FROM own
      UNION
      SELECT tree.ancestor, own.id FROM tree JOIN own ON own.parent_id = tree.id
    ),
    deep AS (SELECT tree.ancestor, sum(own.n)::int AS n FROM tree JOIN own ON own.id = tree.id GROUP BY tree.ancestor)
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', own.id, 'parentId', own.parent_id, 'count', own.n,
          'countWithDescendants', deep.n) ORDER BY own.id), '[]'::json)
        FROM own JOIN deep ON deep.ancestor = own.id
        WHERE own.id IS DISTINCT FROM (SELECT ai_chats_collection_id FROM users WHERE id = ${ownerId})) AS collections,
      ${librarySavesCountSql(ownerId)}::int AS "all",
      (SELECT count(*)::int FROM gems WHERE owner_id = ${ownerId} AND is_favourite AND deleted_at IS NULL
        AND media_type NOT IN (${notSaves})) AS favourites,
      (SELECT count(*)::int FROM gems WHERE owner_id = ${ownerId} AND deleted_at IS NOT NULL) AS trash`,
  );
  if (!row) throw new Error('the counts query answered no row');
  const list = typeof row.collections === 'string' ? JSON.parse(row.collections) : (row.collections ?? []);
  return { collections: list, all: Number(row.all), favourites: Number(row.favourites), trash: Number(row.trash) };
}
