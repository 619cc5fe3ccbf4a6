import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { TRASH_DAYS } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems, NOT_SAVE_TYPES } from '../../db/schema';
import type { Author, GemRow, Tx } from '../../db/types';
import { fieldError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { pickGemSummaries, toAuthoredSummary, withTags } from './gems';
import { purgeGems } from './purge-gems';

/**
 * The trash: a deleted save keeps its row, collection, tags, notes and files with `deleted_at` set, and leaves every
 * list, count (the gems_count triggers of migration 0021 skip it) and search until restored. Chats and the chat
 * panel's prompts, voices, personas and memories are not saves: deleting one deletes it for good, as before.
 */

/** The server's clock for the trash (when a gem was trashed, how old it is); tests move it (ServerConfig.clock). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const DAY_MS = 24 * 60 * 60 * 1000;
/** Gems purged per statement by the sweep and by emptying the trash. */
const BATCH = 500;

/** The owner's gems `ids`, in the trash or not as `trashed` says, locked; a 404 naming the first id that is not. */
async function lockGems(tx: Tx, ownerId: number, ids: readonly number[], trashed: boolean) {
  const rows = await tx
    .select({ id: gems.id, mediaType: gems.mediaType })
    .from(gems)
    .where(
      and(
        eq(gems.ownerId, ownerId),
        inArray(gems.id, [...ids]),
        trashed ? isNotNull(gems.deletedAt) : isNull(gems.deletedAt),
      ),
    )
    .orderBy(asc(gems.id))
    .for('update');
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0)
    throw fieldError(404, `ids.${missing}`, `gem ${ids[missing]} not found${trashed ? ' in the trash' : ''}`);
  return rows;
}

/**
 * Deletes the owner's gems `ids`, all or none: saves go to the trash (stamped with `clock()`), the rest (chats,
 * prompts, voices, personas, memories) are deleted for good with their files.
 */
export async function removeGems(db: Db, store: FileStore, ownerId: number, ids: readonly number[], clock: Clock) {
  const unique = [...new Set(ids)];
  const forGood = await db.transaction(async (tx) => {
    const rows = await lockGems(tx, ownerId, unique, false);
    const saves = rows.filter((row) => !NOT_SAVE_TYPES.includes(row.mediaType)).map((row) => row.id);
    if (saves.length) await tx.update(gems).set({ deletedAt: clock() }).where(inArray(gems.id, saves));
    return rows.filter((row) => NOT_SAVE_TYPES.includes(row.mediaType));
  });
  await purgeGems(db, store, ownerId, forGood);
  return unique;
}

/** Puts gems back from the trash, all or none; their collection is theirs still (or Unfiltered: see deleteCollection). */
export async function restoreGems(db: Db, author: Author, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    await lockGems(tx, author.id, unique, true);
    await tx
      .update(gems)
      .set({ deletedAt: null })
      .where(and(eq(gems.ownerId, author.id), inArray(gems.id, unique)));
  });
  const rows = await withTags(
    db,
    pickGemSummaries(db).where(and(eq(gems.ownerId, author.id), inArray(gems.id, unique))),
  ).execute();
  const byId = new Map(rows.map((row) => [row.picked.id, toAuthoredSummary(author)(row)]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** A page of the owner's trash, newest deleted first, each gem with when it was trashed. */
export async function listTrash(db: Db, author: Author, { page, perPage }: { page: number; perPage: number }) {
  const inTrash = and(eq(gems.ownerId, author.id), isNotNull(gems.deletedAt));
  const picked = pickGemSummaries(db)
    .where(inTrash)
    .orderBy(sql`${gems.deletedAt} desc`, sql`${gems.id} desc`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const rows = await withTags(db, picked, 'trashed').execute();
  const [total] = await db.select({ n: count() }).from(gems).where(inTrash);
  const data = rows.map((row) => ({
    ...toAuthoredSummary(author)(row),
    deletedAt: (row.picked.deletedAt as Date).toISOString(),
  }));
  return { data, total: total?.n ?? 0, page, perPage };
}

/** Purges trashed gems matching `where` (of any owners), a batch at a time; returns how many. */
async function purgeTrashed(db: Db, store: FileStore, where: ReturnType<typeof and>) {
  let total = 0;
  for (;;) {
    const rows = await db
      .select({ id: gems.id, ownerId: gems.ownerId, mediaType: gems.mediaType })
      .from(gems)
      .where(and(isNotNull(gems.deletedAt), where))
      .limit(BATCH);
    const owners = Map.groupBy(rows, (row) => row.ownerId);
    for (const [ownerId, own] of owners) await purgeGems(db, store, ownerId, own);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Deletes every gem in the owner's trash for good, with their files. */
export const emptyTrash = (db: Db, store: FileStore, ownerId: number) =>
  purgeTrashed(db, store, eq(gems.ownerId, ownerId));

/** Deletes one gem of the owner's trash for good; a 404 when it is not there. */
export async function deleteTrashed(db: Db, store: FileStore, ownerId: number, id: number) {
  const rows = await db
    .select({ id: gems.id, mediaType: gems.mediaType })
    .from(gems)
    .where(and(eq(gems.ownerId, ownerId), eq(gems.id, id), isNotNull(gems.deletedAt)));
  if (!rows.length) throw fieldError(404, 'id', `gem ${id} not found in the trash`, 'Gem not found in the trash');
  await purgeGems(db, store, ownerId, rows as Pick<GemRow, 'id' | 'mediaType'>[]);
  return { id };
}

/** Deletes for good every trashed gem (of every user) trashed more than TRASH_DAYS before `clock()`. */
export function sweepTrash(db: Db, store: FileStore, clock: Clock) {
  const cutoff = new Date(clock().getTime() - TRASH_DAYS * DAY_MS);
  return purgeTrashed(db, store, lt(gems.deletedAt, cutoff));
}
