import { and, asc, desc, eq, getTableColumns, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { Gem, GemSummary, updateGemBody } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { gems, gemTags, tags } from '../../db/schema';
import type { Author, GemRow, Owner, TagRow, Tx } from '../../db/types';
import { ApiError, notFound } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { getGemCollection } from '../collections/collections';
import { followInstructionEdit, mediaAfterGemEdit } from '../instructions/voices';
import { createMissingTags, findTagRefs, resolveTagRefs, type TagFields, toTag, unknownTagIds } from '../tags/tags';
import { getUser } from '../users/users';
import { type CreateInput, type GemAttachment, gemValues, insertGem, toDate } from './gem-insert';
import { purgeGems } from './purge-gems';

/** A gem as lists carry it (lib/api/core-contract.ts): all but its page text. */
export const toGemSummary = (
  row: Omit<GemRow, 'text'>,
  author: { id: number; username: string },
  gemTags: TagFields[],
): GemSummary => ({
  id: row.id,
  title: row.title,
  description: row.description,
  url: row.url,
  canonicalUrl: row.canonicalUrl,
  media_type: row.mediaType,
  media: row.media,
  image: row.image,
  favicon: row.favicon,
  byline: row.byline,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  collectionId: row.collectionId,
  author,
  tags: gemTags.map(toTag),
  notes: row.notes,
  isFavourite: row.isFavourite,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toGem = (row: GemRow, author: { id: number; username: string }, gemTags: TagFields[]): Gem => ({
  ...toGemSummary(row, author, gemTags),
  text: row.text,
});

/** A gem without its page text, as a save answers it. */
export const summaryOf = ({ text: _text, ...summary }: Gem): GemSummary => summary;

export type UpdateInput = z.output<typeof updateGemBody>['data'];
/** The user as the owner of new gems. */
export async function gemOwner(db: Db, userId: number): Promise<Owner> {
  const user = await getUser(db, userId);
  return { id: user.id, username: user.username, unfilteredCollectionId: user.unfilteredCollectionId };
}

/** A gem's tags as its JSON column holds them. */
interface TagJson {
  id: number;
  name: string;
  parentId: number | null;
  color: string | null;
  createdAt: string;
}

/** Gem columns to sort by: the table's, or those of a picked set of gems (see withTags). */
interface SortColumns {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  titleSort: AnyPgColumn;
  sortKey: AnyPgColumn;
  deletedAt: AnyPgColumn;
}

export type Sort = 'newest' | 'oldest' | 'title' | 'manual' | 'trashed';
const ORDER: Record<Sort, (c: SortColumns) => SQL[]> = {
  newest: (c) => [desc(c.createdAt), desc(c.id)],
  oldest: (c) => [asc(c.createdAt), asc(c.id)],
  title: (c) => [asc(c.titleSort), asc(c.id)],
  // gems never placed (no key yet: saved since) come first, newest first, as the first ordering puts them
  manual: (c) => [sql`${c.sortKey} collate "C" asc nulls first`, desc(c.createdAt), desc(c.id)],
  trashed: (c) => [desc(c.deletedAt), desc(c.id)],
};
export const orderOf = (sort: Sort) => ORDER[sort](gems);

/** Gems in the trash are left out of everything but the trash's own routes (server/features/gems/trash.ts). */
export const notTrashed = isNull(gems.deletedAt);

/**
 * The gems `picked` selects (a query of gem rows, in `sort` order) with their tags, in one statement:
 * the tags of all picked gems are gathered by one join (a subquery per gem scanned the tags once per
 * gem) into one JSON column per gem, in name order (the order every answer lists them in).
 */
export function withTags(db: Db, picked: PickedGems, sort: Sort = 'newest') {
  const gemsPicked = db.$with('picked').as(picked);
  const pickedTags = db.$with('picked_tags').as(
    db
      .select({
        gemId: gemTags.gemId,
        tags: sql<unknown>`json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'parentId', ${tags.parentId}, 'color', ${tags.color}, 'createdAt', ${tags.createdAt}) order by lower(${tags.name}), ${tags.id})`.as(
          'tags',
        ),
      })
      .from(gemTags)
      .innerJoin(tags, eq(tags.id, gemTags.tagId))
      .where(inArray(gemTags.gemId, db.select({ id: gemsPicked.id }).from(gemsPicked)))
      .groupBy(gemTags.gemId),
  );
  return db
    .with(gemsPicked, pickedTags)
    .select()
    .from(gemsPicked)
    .leftJoin(pickedTags, eq(pickedTags.gemId, gemsPicked.id))
    .orderBy(...ORDER[sort](gemsPicked as unknown as SortColumns));
}

/** A query of whole gem rows, and a total when there is one (see listLibrary), as withTags takes it. */
type PickedGems = ReturnType<typeof pickGems>;
export const pickGems = (db: Db, total = sql<number | null>`null::int`) => pick(db, total, gems.text);
/** pickGems for a list: the page text is not read (its rows' `text` is null; toAuthoredSummary leaves it out). */
export const pickGemSummaries = (db: Db, total = sql<number | null>`null::int`) =>
  pick(db, total, sql<string | null>`null::text`.as('text'));

const pick = (db: Db, total: SQL<number | null>, text: typeof gems.text | SQL.Aliased<string | null>) =>
  db
    .select({ ...getTableColumns(gems), text, total: total.as('total') })
    .from(gems)
    .$dynamic();

const fromTagsJson = (value: unknown): TagFields[] =>
  ((typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as TagJson[]).map((t) => ({
    ...t,
    createdAt: new Date(t.createdAt),
  }));

/** A row of withTags over pickGemSummaries as a list's gem, by `author` (every gem a user reads is their own). */
export const toAuthoredSummary =
  (author: Author) =>
  ({ picked, picked_tags }: { picked: Omit<GemRow, 'text'>; picked_tags: { tags: unknown } | null }): GemSummary =>
    toGemSummary(picked, { id: author.id, username: author.username }, fromTagsJson(picked_tags?.tags));

/** A row of withTags over pickGems as the gem answer, its page text included. */
export const toAuthoredGem =
  (author: Author) =>
  (row: { picked: GemRow; picked_tags: { tags: unknown } | null }): Gem => ({
    ...toAuthoredSummary(author)(row),
    text: row.picked.text,
  });

async function getOwnedGemRow(db: Db, ownerId: number, id: number): Promise<GemRow> {
  const [row] = await db
    .select()
    .from(gems)
    .where(and(eq(gems.id, id), eq(gems.ownerId, ownerId), notTrashed));
  if (!row) throw notFound('Gem');
  return row;
}

const gemByKeyQuery = preparedFor((db) =>
  withTags(
    db,
    pickGems(db).where(
      and(eq(gems.ownerId, sql.placeholder('ownerId')), eq(gems.idempotencyKey, sql.placeholder('key')), notTrashed),
    ),
  ).prepare('gem_by_key'),
);

/** The gem the user saved with this idempotency key, if any. */
async function gemByKey(db: Db, author: Author, idempotencyKey: string): Promise<Gem | undefined> {
  const [row] = await gemByKeyQuery(db).execute({ ownerId: author.id, key: idempotencyKey });
  return row && toAuthoredGem(author)(row);
}

/** The ids of `rows` named in `aiTags` (a path by its last part), any case. */
function aiTagIds(rows: { id: number; name: string }[], aiTags: string[] | undefined): number[] {
  const names = new Set((aiTags ?? []).map((name) => (name.split('/').at(-1) ?? name).trim().toLowerCase()));
  return names.size ? rows.filter((row) => names.has(row.name.toLowerCase())).map((row) => row.id) : [];
}

/**
 * Creates a gem. With an idempotency key, a retried request returns the gem the first one created
 * (`created: false`) instead of creating a second one, even when both arrive at once: before anything
 * is refused or created again (a collection to check, a tag to create), and through the unique key
 * when the gem itself is inserted. Its answer is built from what is known (the owner, the tags, the
 * inserted row), not read back. An attachment (see GemAttachment) is prepared only after the checks
 * and undone when no gem is created.
 */
export async function createGem(
  db: Db,
  owner: Owner,
  input: CreateInput,
  idempotencyKey?: string,
  attachment?: GemAttachment,
  /** The member adding it to `owner`'s shared collection, when not the owner (see shared-gems.ts). */
  addedBy?: number,
): Promise<{ gem: Gem; created: boolean }> {
  const collectionId = input.collectionId ?? owner.unfilteredCollectionId;
  if (!collectionId) throw new Error(`user ${owner.id} has no Unfiltered collection`);
  const otherCollection = collectionId !== owner.unfilteredCollectionId;
  const found = await findTagRefs(db, owner.id, input.tags);
  if (idempotencyKey && (otherCollection || found.unknownIds.length || found.missingNames.length)) {
    const first = await gemByKey(db, owner, idempotencyKey);
    if (first) return { gem: first, created: false };
  }
  if (otherCollection) await getGemCollection(db, owner.id, collectionId, input.media_type);
  if (found.unknownIds.length) throw unknownTagIds(found.unknownIds);
  const tagRows = found.missingNames.length
    ? await createMissingTags(db, owner.id, input.tags, found.missingNames)
    : found.rows;
  const fields = { ...input, ...(await attachment?.prepare()) };
  const values = gemValues(
    owner,
    collectionId,
    fields,
    tagRows.map((t) => t.id),
    idempotencyKey,
    addedBy,
    aiTagIds(tagRows, input.aiTags),
  );
  let row: GemRow | undefined;
  try {
    row = await insertGem(db, values, attachment);
  } catch (error) {
    await attachment?.discard().catch(() => undefined); // the original error is the one to report
    throw error;
  }
  if (row) return { gem: toGem(row, { id: owner.id, username: owner.username }, tagRows), created: true };
  await attachment?.discard().catch(() => undefined);
  // Only a taken key inserts nothing: the gem that took it is the answer, unless it was deleted since.
  const first = idempotencyKey && (await gemByKey(db, owner, idempotencyKey));
  if (!first)
    throw new ApiError(
      409,
      'The gem saved with this Idempotency-Key was deleted while this request ran; send it again to save it anew',
    );
  return { gem: first, created: false };
}

const getGemQuery = preparedFor((db) =>
  withTags(
    db,
    pickGems(db).where(
      and(eq(gems.id, sql.placeholder('id')), eq(gems.ownerId, sql.placeholder('ownerId')), notTrashed),
    ),
  ).prepare('get_gem'),
);

export async function getGem(db: Db, author: Author, id: number): Promise<Gem> {
  const [row] = await getGemQuery(db).execute({ id, ownerId: author.id });
  if (!row) throw notFound('Gem');
  return toAuthoredGem(author)(row);
}

export async function updateGem(db: Db, author: Author, id: number, input: UpdateInput) {
  const ownerId = author.id;
  const current = await getOwnedGemRow(db, ownerId, id);
  if (input.collectionId)
    await getGemCollection(db, ownerId, input.collectionId, input.media_type ?? current.mediaType);
  const tagRows = input.tags ? await resolveTagRefs(db, ownerId, input.tags) : null;
  await db.transaction((tx) => applyGemEdit(tx, ownerId, current, input, tagRows));
  return getGem(db, author, id);
}

/**
 * Writes one checked edit of a gem in the transaction `tx`: its fields, its tags when given (replacing them), and a
 * voice's or persona's default following it. A gem trashed meanwhile is a 404 (and the transaction is undone).
 */
export async function applyGemEdit(
  tx: Tx,
  ownerId: number,
  current: GemRow,
  input: UpdateInput,
  tagRows: readonly Pick<TagRow, 'id'>[] | null,
) {
  const id = current.id;
  const [updated] = await tx
    .update(gems)
    .set({
      title: input.title,
      description: input.description,
      url: input.url,
      canonicalUrl: input.url ? canonicalizeUrl(input.url) : undefined,
      mediaType: input.media_type,
      media: mediaAfterGemEdit(current, { title: input.title, mediaType: input.media_type, media: input.media }),
      image: input.image === undefined ? undefined : input.image || null,
      favicon: input.favicon === undefined ? undefined : input.favicon || null,
      text: input.text,
      byline: input.byline,
      publishedAt: toDate(input.publishedAt),
      collectionId: input.collectionId,
      notes: input.notes,
      isFavourite: input.isFavourite,
      // its place in the old collection's manual order means nothing in another
      sortKey: input.collectionId && input.collectionId !== current.collectionId ? null : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(gems.id, id), notTrashed))
    .returning({ id: gems.id });
  if (!updated) throw notFound('Gem');
  if (current.mediaType === 'BrandVoice' || current.mediaType === 'Persona')
    await followInstructionEdit(tx, ownerId, current.mediaType, id, {
      title: input.title,
      mediaType: input.media_type,
    });
  if (tagRows) {
    // Only the dropped tags go: a kept one keeps who added it (gem_tags.added_by_ai).
    const keep = tagRows.map((t) => t.id);
    await tx
      .delete(gemTags)
      .where(keep.length ? and(eq(gemTags.gemId, id), notInArray(gemTags.tagId, keep)) : eq(gemTags.gemId, id));
    if (keep.length)
      await tx
        .insert(gemTags)
        .values(keep.map((tagId) => ({ gemId: id, tagId })))
        .onConflictDoNothing();
  }
}

/** Deletes a gem for good with its files (an image gem's upload, a chat's files): see purgeGems. */
export async function deleteGem(db: Db, store: FileStore, ownerId: number, id: number) {
  const row = await getOwnedGemRow(db, ownerId, id);
  await purgeGems(db, store, ownerId, [row]);
  return { id: row.id };
}
