import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, savedSearches, tags, users } from '../../db/schema';
import type { TagRow } from '../../db/types';
import { collectSubtree, getOwnedCollection } from '../collections/collections';
import { collectionAccess, sharedCollectionIds } from '../sharing/access';
import { tagPaths } from '../tags/tag-paths';

export interface ScopeCollection {
  id: number;
  parentId: number | null;
  name: string;
  role: 'unfiltered' | 'aiChats' | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What an export covers: the whole library (`collectionIds` null) or one collection and everything below it, with
 * the collections (parents before children, the root's parent cut off) and the user's tags. Read once, before the
 * gems are streamed in pages: these are small beside the gems.
 */
export interface ExportScope {
  ownerId: number;
  /** A member's export of a collection shared with them: its saves out of the trash only, where the share reaches. */
  shared: boolean;
  kind: 'library' | 'collection';
  /** The root collection of a collection export. */
  root: ScopeCollection | null;
  collections: ScopeCollection[];
  /** Null: every collection. */
  collectionIds: number[] | null;
  tags: TagRow[];
  /** Each tag's path (`parent/child`). */
  tagPaths: Map<number, string>;
  /** Each collection's names from the top of the scope. */
  collectionPaths: Map<number, string[]>;
}

export async function exportScope(db: Db, ownerId: number, collectionId: number | null): Promise<ExportScope> {
  const root = collectionId === null ? null : await getOwnedCollection(db, ownerId, collectionId);
  const [owner] = await db
    .select({ unfiltered: users.unfilteredCollectionId, aiChats: users.aiChatsCollectionId })
    .from(users)
    .where(eq(users.id, ownerId));
  const all = await db.select().from(collections).where(eq(collections.ownerId, ownerId)).orderBy(asc(collections.id));
  const ids = root ? collectSubtree(all, root.id) : null;
  const inScope = ids ? new Set(ids) : null;
  const roleOf = (id: number) => (id === owner?.unfiltered ? 'unfiltered' : id === owner?.aiChats ? 'aiChats' : null);
  const byId = new Map(
    all
      .filter((row) => !inScope || inScope.has(row.id))
      .map((row) => [
        row.id,
        {
          id: row.id,
          parentId: row.id === root?.id ? null : row.parentId,
          name: row.name,
          role: roleOf(row.id),
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        } satisfies ScopeCollection,
      ]),
  );
  const ordered = parentsFirst([...byId.values()]);
  const userTags = await db.select().from(tags).where(eq(tags.ownerId, ownerId)).orderBy(asc(tags.id));
  return {
    ownerId,
    shared: false,
    kind: root ? 'collection' : 'library',
    root: root ? (byId.get(root.id) ?? null) : null,
    collections: ordered,
    collectionIds: ids,
    tags: userTags,
    tagPaths: tagPaths(userTags),
    collectionPaths: pathsOf(ordered),
  };
}

/**
 * A member's export of a collection shared with them (a 404 when it is not): the owner's scope cut to the
 * sub-collections the share reaches (server/features/sharing/access.ts), saves only.
 */
export async function sharedExportScope(db: Db, readerId: number, collectionId: number): Promise<ExportScope> {
  const found = await collectionAccess(db, readerId, collectionId);
  if (!found?.access || found.access === 'owner') return exportScope(db, readerId, collectionId);
  const scope = await exportScope(db, found.ownerId, collectionId);
  const reached = await sharedCollectionIds(db, readerId);
  const collectionIds = (scope.collectionIds ?? []).filter((id) => reached.has(id));
  const kept = new Set(collectionIds);
  const cut = scope.collections.filter((c) => kept.has(c.id));
  return { ...scope, shared: true, collectionIds, collections: cut, collectionPaths: pathsOf(cut) };
}

/** Collections ordered so that each comes after its parent (a parent outside the list counts as the top). */
function parentsFirst(list: ScopeCollection[]): ScopeCollection[] {
  const known = new Set(list.map((c) => c.id));
  const tops = new Set(list.filter((c) => c.parentId === null || !known.has(c.parentId)).map((c) => c.id));
  const order = collectSubtree(
    list.map((c) => ({ id: c.id, parentId: tops.has(c.id) ? 0 : c.parentId })),
    0,
  ).slice(1);
  const byId = new Map(list.map((c) => [c.id, c]));
  return order.map((id) => byId.get(id) as ScopeCollection);
}

function pathsOf(ordered: ScopeCollection[]): Map<number, string[]> {
  const paths = new Map<number, string[]>();
  for (const c of ordered) paths.set(c.id, [...(c.parentId === null ? [] : (paths.get(c.parentId) ?? [])), c.name]);
  return paths;
}

/** The user's saved searches (a library export only). */
export const savedSearchesOf = (db: Db, ownerId: number) =>
  db.select().from(savedSearches).where(eq(savedSearches.ownerId, ownerId)).orderBy(asc(savedSearches.id));
