import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportItem } from '../../../lib/api/import-contract';
import { limits } from '../../../lib/api/validators';
import { gems, gemTags, importItems, importJobs } from '../../db/schema';
import type { ImportJobRow, Tx } from '../../db/types';
import { createTagPath } from '../tags/tags';
import { collectionForPath, ownerCollections } from './collection-paths';
import { itemKey, jsonParam } from './summary';
import { applyTroveItems, type Outcome } from './trove-apply';
import { repointImportedChats } from './trove-chats';

/** A note without an address: Trove's gems are saves of a page, so it is reported, not made up. */
const NOTE_REASON = 'A note without a web address (Trove keeps saves of pages)';

/** The item's notes with its highlights after them (Trove has no highlights of its own yet: nothing is dropped). */
function notesOf(item: ImportItem): string {
  if (!item.highlights.length) return item.notes;
  const quoted = item.highlights.map((h) => h.replace(/^/gm, '> ')).join('\n\n');
  return [item.notes, `Highlights:\n\n${quoted}`].filter(Boolean).join('\n\n');
}

/**
 * Works the next `batch` pending items of the job in file order, in the caller's transaction: new addresses become
 * gems (with the file's date, folder and tags), an address the user has (or that came earlier in the file) is
 * merged into that gem (tags and favourite added, empty description and notes filled, the older date kept). Items'
 * statuses are written in the same transaction as the gems, so a batch is done whole or not at all.
 */
export async function applyImportBatch(tx: Tx, job: ImportJobRow, batch: number): Promise<void> {
  const pending = await tx
    .select()
    .from(importItems)
    .where(and(eq(importItems.jobId, job.id), eq(importItems.status, 'pending')))
    .orderBy(asc(importItems.position))
    .limit(batch);
  const outcomes =
    job.format === 'trove-json'
      ? await applyTroveItems(tx, job.ownerId, pending)
      : await applyItems(tx, job.ownerId, pending);
  const last = pending.length < batch;
  await recordOutcomes(tx, job, outcomes, last);
  if (last && job.format === 'trove-json') await repointImportedChats(tx, job);
}

async function applyItems(tx: Tx, ownerId: number, pending: { position: number; item: ImportItem }[]) {
  const keys = pending.map(({ item }) => itemKey(item));
  const existing = await gemsByKey(tx, ownerId, keys);
  const known = await ownerCollections(tx, ownerId);
  const tagIds = new Map<string, number>();
  const tagId = async (path: string) => {
    const key = path.toLowerCase();
    if (!tagIds.has(key)) tagIds.set(key, (await createTagPath(tx, ownerId, path)).id);
    return tagIds.get(key) as number;
  };

  const outcomes: Outcome[] = [];
  const toInsert: { position: number; key: string; item: ImportItem; collectionId: number }[] = [];
  const toMerge: { position: number; key: string; item: ImportItem }[] = [];
  const inBatch = new Set<string>();
  for (const [i, { position, item }] of pending.entries()) {
    const key = keys[i] ?? null;
    if (key === null) outcomes.push({ position, status: 'skipped', gemId: null, reason: NOTE_REASON });
    else if (existing.has(key) || inBatch.has(key)) toMerge.push({ position, key, item });
    else {
      inBatch.add(key);
      toInsert.push({
        position,
        key,
        item,
        collectionId: await collectionForPath(tx, ownerId, known, item.collection),
      });
    }
  }

  if (toInsert.length) {
    const now = new Date();
    const inserted = await tx
      .insert(gems)
      .values(
        toInsert.map(({ key, item, collectionId }) => ({
          ownerId,
          collectionId,
          title: item.title.slice(0, limits.titleMax),
          description: item.description,
          url: item.url,
          canonicalUrl: key,
          image: item.image,
          notes: notesOf(item),
          isFavourite: item.isFavourite,
          createdAt: item.createdAt ? new Date(item.createdAt) : now,
        })),
      )
      .returning({ id: gems.id });
    toInsert.forEach(({ key, position }, i) => {
      const id = inserted[i]?.id as number;
      existing.set(key, id);
      outcomes.push({ position, status: 'added', gemId: id, reason: null });
    });
  }
  await mergeIntoGems(tx, toMerge, existing);
  for (const { key, position } of toMerge)
    outcomes.push({ position, status: 'merged', gemId: existing.get(key) as number, reason: null });

  const links: { gemId: number; tagId: number }[] = [];
  for (const { key, item } of [...toInsert, ...toMerge]) {
    for (const path of item.tags) links.push({ gemId: existing.get(key) as number, tagId: await tagId(path) });
  }
  if (links.length) await tx.insert(gemTags).values(links).onConflictDoNothing();
  return outcomes;
}

/** The user's gems (outside the trash) by canonical address: the oldest one when there are several. */
async function gemsByKey(tx: Tx, ownerId: number, keys: (string | null)[]): Promise<Map<string, number>> {
  const wanted = [...new Set(keys.filter((key): key is string => key !== null))];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: gems.id, key: gems.canonicalUrl })
    .from(gems)
    .where(
      and(
        eq(gems.ownerId, ownerId),
        sql`${gems.deletedAt} is null`,
        sql`${gems.canonicalUrl} in (select jsonb_array_elements_text(${jsonParam(wanted)}))`,
      ),
    )
    .orderBy(asc(gems.id));
  const byKey = new Map<string, number>();
  for (const row of rows) if (!byKey.has(row.key)) byKey.set(row.key, row.id);
  return byKey;
}

/** One statement for all the batch's merges: empty fields filled, favourite added, the older date kept. */
async function mergeIntoGems(tx: Tx, merges: { key: string; item: ImportItem }[], gemIds: Map<string, number>) {
  if (!merges.length) return;
  const rows = merges.map(({ key, item }) => ({
    id: gemIds.get(key),
    description: item.description,
    notes: notesOf(item),
    favourite: item.isFavourite,
    created_at: item.createdAt,
  }));
  await tx.execute(sql`
    update ${gems} g set
      description = case when g.description = '' then v.description else g.description end,
      notes = case when v.notes = '' or strpos(g.notes, v.notes) > 0 then g.notes
                   when g.notes = '' then v.notes else g.notes || E'\n\n' || v.notes end,
      is_favourite = g.is_favourite or v.favourite,
      created_at = least(g.created_at, coalesce(v.created_at, g.created_at))
    from jsonb_to_recordset(${jsonParam(rows)})
      as v(id int, description text, notes text, favourite bool, created_at timestamptz)
    where g.id = v.id`);
}

async function recordOutcomes(tx: Tx, job: ImportJobRow, outcomes: Outcome[], last: boolean) {
  if (outcomes.length) {
    const rows = outcomes.map((o) => ({ position: o.position, status: o.status, gem_id: o.gemId, reason: o.reason }));
    await tx.execute(sql`
      update ${importItems} i set status = v.status, gem_id = v.gem_id, reason = v.reason
      from jsonb_to_recordset(${jsonParam(rows)}) as v(position int, status text, gem_id int, reason text)
      where i.job_id = ${job.id} and i.position = v.position`);
  }
  const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
  await tx
    .update(importJobs)
    .set({
      status: last ? 'done' : 'running',
      done: sql`${importJobs.done} + ${outcomes.length}`,
      added: sql`${importJobs.added} + ${count('added')}`,
      merged: sql`${importJobs.merged} + ${count('merged')}`,
      skipped: sql`${importJobs.skipped} + ${count('skipped')}`,
      updatedAt: new Date(),
    })
    .where(eq(importJobs.id, job.id));
}
