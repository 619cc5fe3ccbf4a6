import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportItem } from '../../../lib/api/import-contract';
import { limits } from '../../../lib/api/validators';
import { jsonParam } from '../../db/rows';
import { gems, importItems, importJobs } from '../../db/schema';
import type { ImportJobRow, Tx } from '../../db/types';
import { gemsByKey, insertGems, linkTags, type NewGem, tagIdsFor } from './batch-writes';
import { collectionForPath, ownerCollections } from './collection-paths';
import { itemKey } from './summary';
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
    .select({ position: importItems.position, item: importItems.item })
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
  const existing = await gemsByKey(
    tx,
    ownerId,
    [...new Set(keys)].filter((key): key is string => key !== null),
  );
  const known = await ownerCollections(tx, ownerId);

  const tagIds = await tagIdsFor(
    tx,
    ownerId,
    // the tags of a skipped item (one without an address) are not made
    pending.flatMap(({ item }, i) => (keys[i] ? item.tags : [])),
  );
  /** Each address's tag ids, from all its items in the batch. */
  const tagsOf = new Map<string, Set<number>>();
  pending.forEach(({ item }, i) => {
    const key = keys[i];
    if (!key || !item.tags.length) return;
    const ids = tagsOf.get(key) ?? new Set();
    for (const path of item.tags) ids.add(tagIds.get(path.toLowerCase()) as number);
    tagsOf.set(key, ids);
  });

  const outcomes: Outcome[] = [];
  const toInsert: NewGem[] = [];
  const toMerge: { position: number; key: string; item: ImportItem }[] = [];
  const added: { position: number; key: string }[] = [];
  const inBatch = new Set<string>();
  for (const [i, { position, item }] of pending.entries()) {
    const key = keys[i] ?? null;
    if (key === null) {
      outcomes.push({ position, status: 'skipped', gemId: null, reason: NOTE_REASON });
      continue;
    }
    if (existing.has(key) || inBatch.has(key)) toMerge.push({ position, key, item });
    else {
      inBatch.add(key);
      added.push({ position, key });
      toInsert.push({
        n: i,
        collection_id: await collectionForPath(tx, ownerId, known, item.collection),
        title: item.title.slice(0, limits.titleMax),
        description: item.description,
        url: item.url,
        canonical_url: key,
        image: item.image,
        notes: notesOf(item),
        is_favourite: item.isFavourite,
        created_at: item.createdAt,
        tag_ids: [...(tagsOf.get(key) ?? [])].sort((a, b) => a - b),
      });
    }
  }

  for (const [key, id] of await insertGems(tx, ownerId, toInsert)) existing.set(key, id);
  for (const { key, position } of added)
    outcomes.push({ position, status: 'added', gemId: existing.get(key) as number, reason: null });
  await mergeIntoGems(tx, toMerge, existing);
  for (const { key, position } of toMerge)
    outcomes.push({ position, status: 'merged', gemId: existing.get(key) as number, reason: null });

  await linkTags(
    tx,
    [...tagsOf].flatMap(([key, ids]) => [...ids].map((tag_id) => ({ gem_id: existing.get(key) as number, tag_id }))),
  );
  return outcomes;
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
