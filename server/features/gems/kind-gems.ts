import { randomUUID } from 'node:crypto';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { GemMedia, OWN_ROUTE_MEDIA_TYPES } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { notFound } from '../../http/errors';
import { aiChatsCollection } from '../collections/collections';

/**
 * Gems of the kinds with routes of their own (prompts, brand voices, personas, memories): made in the
 * user's AI Chats collection under a `trove://<kind>/<uuid>` address, read and changed only by kind.
 */
export type OwnKind = (typeof OWN_ROUTE_MEDIA_TYPES)[number];

export interface KindGemFields {
  title: string;
  description: string;
  text: string | null;
  media: GemMedia;
}

export async function insertKindGem(db: Db, userId: number, kind: OwnKind, fields: KindGemFields): Promise<GemRow> {
  const collectionId = await aiChatsCollection(db, userId);
  const url = `trove://${kind.toLowerCase()}/${randomUUID()}`;
  const [row] = await db
    .insert(gems)
    .values({
      ownerId: userId,
      collectionId,
      url,
      canonicalUrl: canonicalizeUrl(url),
      mediaType: kind,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('gem insert returned no row');
  return row;
}

/**
 * The gem `id` of `kind` if `userId` owns it, else undefined. With `keep`, in a transaction, no one can delete it
 * until the transaction ends (a delete under way is waited for: then it is not found).
 */
export async function findOwnedKindGem(db: Db, userId: number, kind: OwnKind, id: number, { keep = false } = {}) {
  const query = db
    .select()
    .from(gems)
    .where(and(eq(gems.id, id), eq(gems.ownerId, userId), eq(gems.mediaType, kind)));
  const [row] = await (keep ? query.for('share') : query);
  return row;
}

/** The user's gem `id` of `kind`, or a 404 "`what` not found" (another user's is not found either). */
export async function ownedKindGem(db: Db, userId: number, kind: OwnKind, id: number, what: string) {
  const row = await findOwnedKindGem(db, userId, kind, id);
  if (!row) throw notFound(what);
  return row;
}

/**
 * A changed gem's `updated_at`: now, but at least a millisecond past the one before (the API answers it
 * to the millisecond), so an edit made against the value before is always seen as stale.
 */
const nextUpdatedAt = sql`greatest(now(), date_trunc('milliseconds', ${gems.updatedAt}) + interval '1 millisecond')`;

/** The edit of a gem whose owner was checked; a 404 "`what` not found" when a delete came in between. */
export async function updateKindGem(db: Db, id: number, patch: Partial<KindGemFields>, what: string): Promise<GemRow> {
  const [row] = await db
    .update(gems)
    .set({ ...patch, updatedAt: nextUpdatedAt })
    .where(eq(gems.id, id))
    .returning();
  if (!row) throw notFound(what);
  return row;
}

/**
 * The edit only if the gem is as `readAt` (its `updatedAt` as answered) says, in one conditional UPDATE;
 * undefined when it was changed (or deleted) since.
 */
export async function updateKindGemIfUnchanged(
  db: Db,
  id: number,
  patch: Partial<KindGemFields>,
  readAt: string,
): Promise<GemRow | undefined> {
  const [row] = await db
    .update(gems)
    .set({ ...patch, updatedAt: nextUpdatedAt })
    .where(and(eq(gems.id, id), sql`date_trunc('milliseconds', ${gems.updatedAt}) = ${readAt}::timestamptz`))
    .returning();
  return row;
}

export async function deleteKindGem(db: Db, id: number) {
  await db.delete(gems).where(eq(gems.id, id));
  return { id };
}

/** Whether `column` contains `search`, ignoring case. */
export const containsText = (column: SQL | AnyPgColumn, search: string) =>
  sql`strpos(lower(${column}), lower(${search})) > 0`;

/** A page of the gems `where` selects, in `order`, and how many it selects in all. */
export async function pageOfGems(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  { page, perPage }: { page: number; perPage: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gems)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(gems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
