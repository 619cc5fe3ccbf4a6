import { eq, sql } from 'drizzle-orm';
import type { TroveStagedGem } from '../../../lib/api/export-contract';
import type { ImportItem } from '../../../lib/api/import-contract';
import type { Db } from '../../db/client';
import { collections, savedSearches, tags } from '../../db/schema';
import type { Tx } from '../../db/types';
import { readExportedContext, repointContext } from '../chats/context-ids';
import { aiChatsCollection } from '../collections/collections';
import { ownerCollections, pathKey } from './collection-paths';
import type { TroveParts } from './formats/draft';

/** Rows in an order where each comes after its parent (a parent outside the list counts as the top). */
function parentsFirst<T extends { id: number; parentId: number | null }>(rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const depth = (row: T) => {
    let n = 0;
    for (let at = row; at.parentId !== null && byId.has(at.parentId) && n <= rows.length; n++)
      at = byId.get(at.parentId) as T;
    return n;
  };
  return [...rows].sort((a, b) => depth(a) - depth(b));
}

/**
 * A Trove export's own structure, made as the import is staged (in its transaction): the collection tree (the
 * export's Unfiltered and AI Chats are the user's own; a collection whose path the user has is reused, so a second
 * import makes none), the tags (one the user has by that name is kept as it is; new ones with their parent and
 * colour) and the saved searches (one of that name is kept). Each staged gem's collection becomes the id made here.
 */
export async function stageTroveParts(tx: Tx, ownerId: number, parts: TroveParts, items: ImportItem[]) {
  const collectionIds = await stageCollections(tx, ownerId, parts.collections);
  const known = await ownerCollections(tx, ownerId);
  for (const item of items)
    if (item.trove) {
      item.trove.collectionId = collectionIds.get(item.trove.collectionId) ?? known.unfilteredId;
      repointMessageCollections(item.trove, collectionIds);
    }
  await stageTags(tx, ownerId, parts.tags);
  if (parts.savedSearches.length)
    await tx
      .insert(savedSearches)
      .values(
        parts.savedSearches.map((s) => ({
          ownerId,
          ...s,
          createdAt: new Date(s.createdAt),
          updatedAt: new Date(s.updatedAt),
        })),
      )
      .onConflictDoNothing();
}

/**
 * The collections a chat's messages were asked with, as the importing account's ids (known once the tree is made;
 * the gems they name are known only when the whole import is done: trove-chats.ts).
 */
function repointMessageCollections(gem: TroveStagedGem, collectionIds: ReadonlyMap<number, number>) {
  for (const message of gem.messages) {
    const context = readExportedContext(message.context);
    if (context) message.context = repointContext(context, null, { collection: (id) => collectionIds.get(id) }).context;
  }
}

async function stageCollections(tx: Tx, ownerId: number, list: TroveParts['collections']) {
  const known = await ownerCollections(tx, ownerId);
  const made = new Set<number>();
  const ids = new Map<number, number>();
  const paths = new Map<number, string[]>();
  for (const c of parentsFirst(list)) {
    const parentId = c.parentId === null ? null : (ids.get(c.parentId) ?? null);
    const path = [...(c.parentId === null ? [] : (paths.get(c.parentId) ?? [])), c.name];
    paths.set(c.id, path);
    if (c.role === 'unfiltered') ids.set(c.id, known.unfilteredId);
    else if (c.role === 'aiChats') ids.set(c.id, await aiChatsCollection(tx as unknown as Db, ownerId));
    else {
      const found = known.byPath.get(pathKey(path));
      // a path made by this import already is a sibling of the same name: made again, as the export had two
      if (found !== undefined && !made.has(found)) ids.set(c.id, found);
      else {
        const [row] = await tx
          .insert(collections)
          .values({
            ownerId,
            name: c.name,
            parentId,
            createdAt: new Date(c.createdAt),
            updatedAt: new Date(c.updatedAt),
          })
          .returning({ id: collections.id });
        const id = row?.id as number;
        made.add(id);
        known.byPath.set(pathKey(path), id);
        ids.set(c.id, id);
      }
    }
  }
  return ids;
}

async function stageTags(tx: Tx, ownerId: number, list: TroveParts['tags']) {
  const rows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.ownerId, ownerId));
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const ids = new Map<number, number>();
  for (const tag of parentsFirst(list)) {
    const found = byName.get(tag.name.toLowerCase());
    if (found !== undefined) {
      ids.set(tag.id, found);
      continue;
    }
    const [row] = await tx
      .insert(tags)
      .values({
        ownerId,
        name: tag.name,
        parentId: tag.parentId === null ? null : (ids.get(tag.parentId) ?? null),
        color: tag.color,
        createdAt: new Date(tag.createdAt),
      })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    const id =
      row?.id ??
      (
        await tx
          .select({ id: tags.id })
          .from(tags)
          .where(sql`${tags.ownerId} = ${ownerId} and lower(${tags.name}) = lower(${tag.name})`)
      )[0]?.id;
    if (id !== undefined) {
      ids.set(tag.id, id);
      byName.set(tag.name.toLowerCase(), id);
    }
  }
}
