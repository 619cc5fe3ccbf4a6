import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { ShareRole } from '../../db/schema/sharing';

/**
 * Who may see and change what, decided here and nowhere else. The SQL functions of migration 0030 give the
 * collections (down the tree, unless a sub-collection's shares_inherit is off) and tags (with their sub-tags) a user has
 * ACCEPTED access to, with the highest role; every list, search, facet, count, export, gem read and chat retrieval
 * takes its gems through readableGemsCondition (the library's search through reachableGemsCondition, the same rule with
 * the user's reach read at the start of the request), and every change of another user's gem through
 * writableGemsCondition.
 * Nothing is cached: each request asks the database, so a removed member loses access with their next request.
 *
 * A gem (alias `g`) is readable by U when U owns it, or when it is a save out of the trash in a collection or carrying
 * a tag U has access to. Owners keep their gems; a member's addition to a shared collection is the owner's gem with
 * `added_by` set to the member.
 */

export const ROLE_RANK: Record<ShareRole, number> = { viewer: 1, contributor: 2, editor: 3, admin: 4 };
/** What a user is to a collection or tag: its owner, a member with a role, or nothing (null). */
export type Access = 'owner' | ShareRole;

/** Gems of others a member may read (rank 1) or change (rank ≥ 2), as a condition on `g`. */
const sharedGemsCondition = (userId: number, minRank: number): SQL => sql`(g.deleted_at IS NULL
  AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}
  AND (g.collection_id IN (SELECT a.collection_id FROM trove_collection_access(${userId}) a WHERE a.rank >= ${minRank})
    OR g.id IN (SELECT gt.gem_id FROM gem_tags gt JOIN trove_tag_access(${userId}) a ON a.tag_id = gt.tag_id
      WHERE a.rank >= ${minRank})))`;

/**
 * The other owners whose gems U may read (those who shared something with U), as a one-off subquery (an InitPlan:
 * computed once per statement, never per row). U's own gems are the separate `g.owner_id = U` arm, so a user's own
 * search keeps the owner-led indexes whatever is shared.
 */
const sharingOwners = (userId: number): SQL =>
  sql`g.owner_id = ANY((SELECT coalesce(trove_sharing_owners(${userId}), '{}'::int[]))::int[])`;

/** The gems (alias `g`) the user may read. */
export const readableGemsCondition = (userId: number): SQL =>
  sql`(g.owner_id = ${userId} OR (${sharingOwners(userId)} AND ${sharedGemsCondition(userId, ROLE_RANK.viewer)}))`;

/**
 * What others gave the user access to, read once per request (`readerReach`): the owners who shared with them, and the
 * collections and tags the access functions reach (any role reads). A statement over many gems (the library's search)
 * carries the same rule as readableGemsCondition with these as arrays (`reachableGemsCondition`): the functions'
 * recursive sub-plans cost the planner more than the rest of the search (bench/RESULTS.md, "Search planning").
 */
export interface Reach {
  userId: number;
  owners: number[];
  collections: number[];
  tags: number[];
}

const idList = (text: unknown): number[] => (text ? String(text).split(',').map(Number) : []);

export async function readerReach(db: Db, userId: number): Promise<Reach> {
  const [row] = await selectRows<{ owners: string | null; collections: string | null; tags: string | null }>(
    db,
    sql`SELECT array_to_string(trove_sharing_owners(${userId}), ',') AS owners,
      array_to_string(ARRAY(SELECT a.collection_id FROM trove_collection_access(${userId}) a), ',') AS collections,
      array_to_string(ARRAY(SELECT a.tag_id FROM trove_tag_access(${userId}) a), ',') AS tags`,
  );
  return { userId, owners: idList(row?.owners), collections: idList(row?.collections), tags: idList(row?.tags) };
}

const intArray = (ids: number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** readableGemsCondition with the user's reach read beforehand: their own gems alone when nothing is shared with them. */
export function reachableGemsCondition({ userId, owners, collections, tags }: Reach): SQL {
  if (!owners.length) return sql`g.owner_id = ${userId}`;
  return sql`(g.owner_id = ${userId} OR (g.owner_id = ANY(${intArray(owners)}) AND g.deleted_at IS NULL
    AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}
    AND (g.collection_id = ANY(${intArray(collections)})
      OR g.id IN (SELECT gt.gem_id FROM gem_tags gt WHERE gt.tag_id = ANY(${intArray(tags)})))))`;
}

export type GemAction = 'edit' | 'delete';

/**
 * The gems (alias `g`) the user may change (`edit` its fields, `delete` it to the trash): their own; as editor or
 * admin, every gem they can read; as contributor, the gems they added.
 */
export const writableGemsCondition = (userId: number, _action: GemAction): SQL =>
  sql`(g.owner_id = ${userId} OR (${sharingOwners(userId)} AND (${sharedGemsCondition(userId, ROLE_RANK.editor)}
    OR (g.added_by = ${userId} AND ${sharedGemsCondition(userId, ROLE_RANK.contributor)}))))`;

const rankRole = (rank: number): ShareRole | null =>
  (Object.entries(ROLE_RANK).find(([, r]) => r === rank)?.[0] as ShareRole | undefined) ?? null;

/** The resource table and the access function (migration 0030) of each kind that can be shared. */
const ACCESS_OF = {
  collection: {
    table: sql.raw('collections'),
    reach: sql.raw('trove_collection_access'),
    id: sql.raw('collection_id'),
  },
  tag: { table: sql.raw('tags'), reach: sql.raw('trove_tag_access'), id: sql.raw('tag_id') },
};

/** The user's access to a collection or tag (owner, a role through a share of it or above it, or null), and its owner. */
async function accessOf(
  db: Db,
  kind: keyof typeof ACCESS_OF,
  userId: number,
  id: number,
): Promise<{ access: Access | null; ownerId: number } | null> {
  const { table, reach, id: column } = ACCESS_OF[kind];
  const [row] = await selectRows<{ owner_id: number; rank: number | null }>(
    db,
    sql`SELECT r.owner_id, (SELECT a.rank FROM ${reach}(${userId}) a WHERE a.${column} = r.id) AS rank
      FROM ${table} r WHERE r.id = ${id}`,
  );
  if (!row) return null;
  if (Number(row.owner_id) === userId) return { access: 'owner', ownerId: userId };
  return { access: row.rank === null ? null : rankRole(Number(row.rank)), ownerId: Number(row.owner_id) };
}

export const collectionAccess = (db: Db, userId: number, collectionId: number) =>
  accessOf(db, 'collection', userId, collectionId);

export const tagAccess = (db: Db, userId: number, tagId: number) => accessOf(db, 'tag', userId, tagId);

/** Whether `access` is at least `role` (the owner is above every role). */
export const atLeast = (access: Access | null, role: ShareRole): boolean =>
  access === 'owner' || (access !== null && ROLE_RANK[access] >= ROLE_RANK[role]);

/** The owner of a gem the user may read (or change, with `action`), or null when they may not. */
export async function gemOwnerFor(db: Db, userId: number, gemId: number, action?: GemAction): Promise<number | null> {
  const rule = action ? writableGemsCondition(userId, action) : readableGemsCondition(userId);
  const [row] = await selectRows<{ owner_id: number }>(
    db,
    sql`SELECT g.owner_id FROM gems g WHERE g.id = ${gemId} AND ${rule}`,
  );
  return row ? Number(row.owner_id) : null;
}

/** Of `ids`, those of gems the user may read (in no order). */
export async function readableGemIds(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT g.id FROM gems g WHERE g.id = ANY(${`{${ids.join(',')}}`}::integer[]) AND ${readableGemsCondition(userId)}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The ids of collection or tag `id` and of every one under it, whoever owns them (a query of `id` rows). */
export const subtreeIdsSql = (table: 'collections' | 'tags', id: number): SQL => sql`WITH RECURSIVE down(id) AS (
    SELECT ${id}::int UNION SELECT t.id FROM ${sql.raw(table)} t JOIN down ON t.parent_id = down.id) SELECT id FROM down`;

/** Gems (alias `g`) in collection `id` or under it, whoever owns it: AND it with a rule above. */
export const collectionSubtreeCondition = (id: number): SQL =>
  sql`g.collection_id IN (${subtreeIdsSql('collections', id)})`;

/** Gems (alias `g`) carrying tag `id` or one of its sub-tags: AND it with a rule above. */
export const tagSubtreeCondition = (id: number): SQL =>
  sql`g.id IN (SELECT gt.gem_id FROM gem_tags gt WHERE gt.tag_id IN (${subtreeIdsSql('tags', id)}))`;

/** The collections shared with the user (down the tree as the rule reaches), any role. */
export async function sharedCollectionIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await selectRows<{ collection_id: number }>(
    db,
    sql`SELECT collection_id FROM trove_collection_access(${userId})`,
  );
  return new Set(rows.map((row) => Number(row.collection_id)));
}
