import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { MergeResult } from '../../../lib/api/duplicates-contract';
import type { Db } from '../../db/client';
import { gems, gemTags, importItems, messages } from '../../db/schema';
import type { Author, GemRow, Tx } from '../../db/types';
import { fieldError } from '../../http/errors';
import { repointContext } from '../chats/context-ids';
import { getGem } from '../gems/gems';
import type { Clock } from '../gems/trash';
import { ownSaves } from './duplicates';

const byAge = (a: GemRow, b: GemRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

/**
 * Merges the owner's saves `ids` (one canonical address) into `keepId`, or the oldest, in one transaction: see
 * duplicatesApi.merge (lib/api/routes/duplicates.ts). The others are trashed untouched, so restoring them from the
 * trash undoes the merge but for what the survivor gained.
 */
export async function mergeDuplicates(
  db: Db,
  author: Author,
  input: { ids: number[]; keepId?: number },
  clock: Clock,
): Promise<MergeResult> {
  const trashedIds = await db.transaction(async (tx) => {
    const rows = await lockSaves(tx, author.id, input.ids);
    if (new Set(rows.map((row) => row.canonicalUrl)).size > 1)
      throw fieldError(400, 'ids', 'These gems are not saved at one address (their canonical addresses differ)');
    const sorted = [...rows].sort(byAge);
    const keep = sorted.find((row) => row.id === input.keepId) ?? (sorted[0] as GemRow);
    const others = sorted.filter((row) => row.id !== keep.id);
    const otherIds = others.map((row) => row.id);
    await tx.update(gems).set(mergedFields(keep, others)).where(eq(gems.id, keep.id));
    await tx.execute(sql`
      insert into ${gemTags} (gem_id, tag_id)
      select ${keep.id}, tag_id from ${gemTags} where ${inArray(gemTags.gemId, otherIds)}
      on conflict do nothing`);
    await tx.update(gems).set({ deletedAt: clock() }).where(inArray(gems.id, otherIds));
    await repointMessages(tx, author.id, new Set(otherIds), keep.id);
    await tx.update(importItems).set({ gemId: keep.id }).where(inArray(importItems.gemId, otherIds));
    return { keepId: keep.id, otherIds };
  });
  return { gem: await getGem(db, author, trashedIds.keepId), trashedIds: trashedIds.otherIds };
}

/** The owner's saves `ids` outside the trash, locked; a 404 naming the first id that is not one. */
async function lockSaves(tx: Tx, ownerId: number, ids: number[]): Promise<GemRow[]> {
  const rows = await tx
    .select()
    .from(gems)
    .where(and(ownSaves(ownerId), inArray(gems.id, ids)))
    .orderBy(asc(gems.id))
    .for('update');
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw fieldError(404, `ids.${missing}`, `gem ${ids[missing]} not found`);
  return rows;
}

/** The survivor's new fields: notes joined, favourite if any, the oldest date, empty fields filled (oldest first). */
function mergedFields(keep: GemRow, others: GemRow[]) {
  const fill = <K extends 'image' | 'favicon' | 'text' | 'byline' | 'publishedAt'>(key: K): GemRow[K] =>
    keep[key] ?? others.find((row) => row[key] !== null)?.[key] ?? null;
  const notes: string[] = [];
  for (const note of [keep, ...others].map((row) => row.notes.trim())) {
    if (note && !notes.some((kept) => kept.includes(note))) notes.push(note);
  }
  return {
    title: keep.title || others.find((row) => row.title)?.title || keep.title,
    description: keep.description || others.find((row) => row.description)?.description || '',
    notes: notes.join('\n\n'),
    isFavourite: [keep, ...others].some((row) => row.isFavourite),
    // In SQL: the database keeps microseconds, a JavaScript Date only milliseconds.
    createdAt: sql`(select min(${gems.createdAt}) from ${gems} where ${inArray(gems.id, [keep.id, ...others.map((row) => row.id)])})`,
    image: fill('image'),
    favicon: fill('favicon'),
    text: fill('text'),
    byline: fill('byline'),
    publishedAt: fill('publishedAt'),
    updatedAt: new Date(),
  };
}

/**
 * Chat messages of the owner whose context (the gems asked with, the manifest of what was sent) or citations name one
 * of `from` name `to` instead. Found by jsonb containment, then rewritten by kind (a file's id is not a gem's).
 */
async function repointMessages(tx: Tx, ownerId: number, from: Set<number>, to: number) {
  const named: SQL[] = [...from].flatMap((id) => [
    sql`${messages.context} @> ${JSON.stringify({ input: { gemIds: [id] } })}::jsonb`,
    sql`${messages.context} @> ${JSON.stringify({ items: [{ id }] })}::jsonb`,
    sql`${messages.citations} @> ${JSON.stringify([{ id }])}::jsonb`,
  ]);
  const rows = await tx
    .select({ id: messages.id, context: messages.context, citations: messages.citations })
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), or(...named)))
    .for('update');
  for (const row of rows) {
    const { context, citations } = repointContext(row.context, row.citations, {
      gem: (id) => (from.has(id) ? to : id),
    });
    await tx.update(messages).set({ context, citations }).where(eq(messages.id, row.id));
  }
}
