import { and, eq, inArray, isNull, not } from 'drizzle-orm';
import type { z } from 'zod';
import type { editBookmarksBody } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems } from '../../db/schema';
import type { Author, TagRow } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { getGemCollection } from '../collections/collections';
import { createMissingTags, findTagRefs } from '../tags/tags';
import { applyGemEdit, pickGemSummaries, toAuthoredSummary, withTags } from './gems';

type Edit = z.output<typeof editBookmarksBody>['bookmarks'][number];

/** Turns `type=like` into the favourite's toggle; answers the new state. */
export async function toggleFavourite(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .update(gems)
    .set({ isFavourite: not(gems.isFavourite) })
    .where(and(eq(gems.id, id), eq(gems.ownerId, ownerId), isNull(gems.deletedAt)))
    .returning({ id: gems.id, isFavourite: gems.isFavourite });
  if (!row) throw notFound('Gem');
  return row;
}

/**
 * Edits up to 500 gems, all or none: every id, collection and tag id is checked first (naming `bookmarks.<i>.<field>`),
 * then every edit is written in one transaction. Tag names are created before it (creating a name is harmless).
 */
export async function editGems(db: Db, author: Author, edits: readonly Edit[]) {
  const ownerId = author.id;
  const ids = edits.map((edit) => edit.id);
  const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (twice >= 0) throw fieldError(400, `bookmarks.${twice}.id`, `gem ${ids[twice]} is named twice`);
  const rows = await db
    .select()
    .from(gems)
    .where(and(eq(gems.ownerId, ownerId), inArray(gems.id, ids), isNull(gems.deletedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.findIndex((id) => !byId.has(id));
  if (missing >= 0) throw fieldError(404, `bookmarks.${missing}.id`, `gem ${ids[missing]} not found`);

  const tagRows = new Map<number, TagRow[]>();
  // a bulk edit often gives every gem the same tags: each list is looked up once
  const byRefs = new Map<string, TagRow[]>();
  for (const [index, edit] of edits.entries()) {
    const current = byId.get(edit.id);
    if (!current) continue;
    if (edit.collectionId)
      await getGemCollection(db, ownerId, edit.collectionId, edit.media_type ?? current.mediaType).catch(
        (error: unknown) => {
          throw renamed(error, index, 'collectionId');
        },
      );
    if (!edit.tags) continue;
    const key = JSON.stringify(edit.tags);
    const known = byRefs.get(key);
    if (known) {
      tagRows.set(index, known);
      continue;
    }
    const found = await findTagRefs(db, ownerId, edit.tags);
    if (found.unknownIds.length)
      throw fieldError(400, `bookmarks.${index}.tags`, `Unknown tag id ${found.unknownIds.join(', ')}`);
    const rows = found.missingNames.length
      ? await createMissingTags(db, ownerId, edit.tags, found.missingNames)
      : found.rows;
    byRefs.set(key, rows);
    tagRows.set(index, rows);
  }
  await db.transaction(async (tx) => {
    for (const [index, edit] of edits.entries()) {
      const current = byId.get(edit.id);
      if (current) await applyGemEdit(tx, ownerId, current, edit, tagRows.get(index) ?? null);
    }
  });
  const saved = await withTags(
    db,
    pickGemSummaries(db).where(and(eq(gems.ownerId, ownerId), inArray(gems.id, ids))),
  ).execute();
  const gemsById = new Map(saved.map((row) => [row.picked.id, toAuthoredSummary(author)(row)]));
  return ids.flatMap((id) => gemsById.get(id) ?? []);
}

/** A collection's error (its 404, or its 400 naming data.collectionId) as about `bookmarks.<i>.<field>`. */
function renamed(error: unknown, index: number, field: string) {
  if (!(error instanceof ApiError)) return error;
  const message = error.status === 404 ? `collection not found` : error.message.replace(/^data\.\w+: /, '');
  return fieldError(error.status, `bookmarks.${index}.${field}`, message);
}
