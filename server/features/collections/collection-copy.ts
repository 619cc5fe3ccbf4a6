import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Collection } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { collections, NOT_SAVE_MEDIA_TYPES, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { collectSubtree, lockUserCollections, toCollection } from './collections';

/**
 * Copies a collection, its sub-collections and their gems (not the trashed ones) with their tags and notes, as a
 * sibling named "<name> (copy)", in one transaction. The gems are copied by ONE statement over the old → new
 * collection map: each copy's id is drawn from the sequence beside its original's, so its tag links are copied in the
 * same statement. An image gem's copy links to the original's stored file, which passes to the copy if the original
 * is deleted for good (purge-gems.ts).
 */
export async function copyCollection(db: Db, ownerId: number, id: number): Promise<Collection> {
  return db.transaction(async (tx) => {
    const all = await lockUserCollections(tx, ownerId);
    const source = all.find((c) => c.id === id);
    if (!source) throw new ApiError(404, 'Collection not found');
    const [user] = await tx.select({ aiChats: users.aiChatsCollectionId }).from(users).where(eq(users.id, ownerId));
    if (source.isUnfiltered) throw new ApiError(400, 'The Unfiltered collection cannot be copied');
    if (id === user?.aiChats) throw new ApiError(400, 'AI Chats holds chats, not saves: it cannot be copied');
    const order = collectSubtree(all, id);
    const rows = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.ownerId, ownerId), inArray(collections.id, order)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const copies = new Map<number, number>();
    let top: Collection | undefined;
    for (const oldId of order) {
      const row = byId.get(oldId);
      if (!row) continue;
      const parentId = oldId === id ? row.parentId : (copies.get(row.parentId as number) ?? null);
      const [copy] = await tx
        .insert(collections)
        .values({ ownerId, name: oldId === id ? `${row.name} (copy)` : row.name, parentId })
        .returning();
      if (!copy) throw new Error('collection insert returned no row');
      copies.set(oldId, copy.id);
      if (oldId === id) top = toCollection(copy);
    }
    const olds = `{${[...copies.keys()].join(',')}}`;
    const news = `{${[...copies.values()].join(',')}}`;
    await selectRows(
      tx as unknown as Db,
      sql`
      WITH src AS MATERIALIZED (
        SELECT g.id AS old_id, nextval(pg_get_serial_sequence('gems', 'id'))::int AS new_id, m.new_collection
        FROM gems g JOIN unnest(${olds}::int[], ${news}::int[]) AS m(old_collection, new_collection)
          ON g.collection_id = m.old_collection
        WHERE g.owner_id = ${ownerId} AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}
      ),
      copied AS (
        INSERT INTO gems (id, owner_id, collection_id, title, description, url, canonical_url, media_type, media, image,
          favicon, text, byline, published_at, notes, is_favourite, sort_key)
        SELECT src.new_id, g.owner_id, src.new_collection, g.title, g.description, g.url, g.canonical_url, g.media_type,
          g.media, g.image, g.favicon, g.text, g.byline, g.published_at, g.notes, g.is_favourite, g.sort_key
        FROM src JOIN gems g ON g.id = src.old_id
        RETURNING id
      ),
      links AS (
        INSERT INTO gem_tags (gem_id, tag_id)
        SELECT src.new_id, gt.tag_id FROM src JOIN gem_tags gt ON gt.gem_id = src.old_id
        RETURNING gem_id
      )
      SELECT (SELECT count(*) FROM copied) AS gems, (SELECT count(*) FROM links) AS links`,
    );
    if (!top) throw new Error('the copied collection vanished');
    const [counted] = await tx.select().from(collections).where(eq(collections.id, top.id));
    return counted ? toCollection(counted) : top;
  });
}
