import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { canonicalizeUrl } from '../../lib/api/canonical-url';
import type { createGemBody, Gem, MediaType, updateGemBody } from '../../lib/api/contract';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { gems, gemTags, tags, uploads, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { FileStore } from '../storage/file-store';
import { countUserGems, getOwnedCollection } from './collections';
import { toGem } from './serialize';
import { resolveTagRefs } from './tags';
import { fileNameOf } from './upload-files';
import { getUser } from './users';

type GemRow = typeof gems.$inferSelect;
type CreateInput = z.output<typeof createGemBody>['data'];
type UpdateInput = z.output<typeof updateGemBody>['data'];
export interface Owner {
  id: number;
  username: string;
  unfilteredCollectionId: number | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a gem carries besides its row (an image gem's file): `prepare` runs once the request passed
 * every check and returns fields for the gem (a file written, its link); `attach` runs in the gem's
 * transaction; `discard` undoes `prepare` when no gem was created by this call.
 */
export interface GemAttachment {
  prepare(): Promise<Partial<CreateInput>>;
  attach(tx: Tx, gem: GemRow): Promise<void>;
  discard(): Promise<void>;
}

/** The user as the owner of new gems. */
export async function gemOwner(db: Db, userId: number): Promise<Owner> {
  const user = await getUser(db, userId);
  return { id: user.id, username: user.username, unfilteredCollectionId: user.unfilteredCollectionId };
}

/** Adds authors and tags to gem rows, keeping their order. */
async function hydrate(db: Db, rows: GemRow[]): Promise<Gem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const tagRows = await db
    .select({ gemId: gemTags.gemId, tag: tags })
    .from(gemTags)
    .innerJoin(tags, eq(tags.id, gemTags.tagId))
    .where(inArray(gemTags.gemId, ids))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const authors = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ownerIds));
  return rows.map((row) => {
    const author = authors.find((a) => a.id === row.ownerId) ?? { id: row.ownerId, username: '' };
    return toGem(
      row,
      author,
      tagRows.filter((t) => t.gemId === row.id).map((t) => t.tag),
    );
  });
}

async function hydrateOne(db: Db, row: GemRow): Promise<Gem> {
  const [gem] = await hydrate(db, [row]);
  if (!gem) throw new Error('hydrate lost a row');
  return gem;
}

async function getOwnedGemRow(db: Db, ownerId: number, id: number): Promise<GemRow> {
  const [row] = await db
    .select()
    .from(gems)
    .where(and(eq(gems.id, id), eq(gems.ownerId, ownerId)));
  if (!row) throw notFound('Gem');
  return row;
}

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : iso === null ? null : undefined);

async function gemByKey(db: Db, ownerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(gems)
    .where(and(eq(gems.ownerId, ownerId), eq(gems.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Creates a gem. With an idempotency key, a retried request returns the gem the first one created
 * (`created: false`) instead of creating a second one, even when both arrive at once. An attachment
 * (see GemAttachment) is prepared only after the checks and undone when no gem is created.
 */
export async function createGem(
  db: Db,
  owner: Owner,
  input: CreateInput,
  idempotencyKey?: string,
  attachment?: GemAttachment,
): Promise<{ gem: Gem; created: boolean }> {
  if (idempotencyKey) {
    const existing = await gemByKey(db, owner.id, idempotencyKey);
    if (existing) return { gem: await hydrateOne(db, existing), created: false };
  }
  const collectionId = input.collectionId ?? owner.unfilteredCollectionId;
  if (!collectionId) throw new Error(`user ${owner.id} has no Unfiltered collection`);
  await getOwnedCollection(db, owner.id, collectionId);
  const tagRows = await resolveTagRefs(db, owner.id, input.tags);
  const fields = { ...input, ...(await attachment?.prepare()) };
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(gems)
        .values({
          ownerId: owner.id,
          collectionId,
          title: fields.title,
          description: fields.description,
          url: fields.url,
          canonicalUrl: canonicalizeUrl(fields.url),
          mediaType: fields.media_type,
          media: fields.media,
          image: fields.image || null,
          favicon: fields.favicon || null,
          text: fields.text ?? null,
          byline: fields.byline ?? null,
          publishedAt: toDate(fields.publishedAt) ?? null,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      if (tagRows.length) await tx.insert(gemTags).values(tagRows.map((t) => ({ gemId: inserted.id, tagId: t.id })));
      await attachment?.attach(tx, inserted);
      return inserted;
    });
    return { gem: await hydrateOne(db, row), created: true };
  } catch (error) {
    await attachment?.discard().catch(() => undefined); // the original error is the one to report
    if (idempotencyKey && isUniqueViolation(error)) {
      const winner = await gemByKey(db, owner.id, idempotencyKey);
      if (winner) return { gem: await hydrateOne(db, winner), created: false };
    }
    throw error;
  }
}

export async function getGem(db: Db, ownerId: number, id: number) {
  return hydrateOne(db, await getOwnedGemRow(db, ownerId, id));
}

export async function updateGem(db: Db, ownerId: number, id: number, input: UpdateInput) {
  const current = await getOwnedGemRow(db, ownerId, id);
  if (input.collectionId) await getOwnedCollection(db, ownerId, input.collectionId);
  const tagRows = input.tags ? await resolveTagRefs(db, ownerId, input.tags) : null;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(gems)
      .set({
        title: input.title,
        description: input.description,
        url: input.url,
        canonicalUrl: input.url ? canonicalizeUrl(input.url) : undefined,
        mediaType: input.media_type,
        media: input.media,
        image: input.image === undefined ? undefined : input.image || null,
        favicon: input.favicon === undefined ? undefined : input.favicon || null,
        text: input.text,
        byline: input.byline,
        publishedAt: toDate(input.publishedAt),
        collectionId: input.collectionId,
        updatedAt: new Date(),
      })
      .where(eq(gems.id, current.id))
      .returning();
    if (!updated) throw notFound('Gem');
    if (tagRows) {
      await tx.delete(gemTags).where(eq(gemTags.gemId, id));
      if (tagRows.length) await tx.insert(gemTags).values(tagRows.map((t) => ({ gemId: id, tagId: t.id })));
    }
    return updated;
  });
  return hydrateOne(db, row);
}

/** Deletes a gem with its files (an image gem's upload): rows in one transaction, then the files. */
export async function deleteGem(db: Db, store: FileStore, ownerId: number, id: number) {
  const row = await getOwnedGemRow(db, ownerId, id);
  const files = await db.transaction(async (tx) => {
    const removed = await tx.delete(uploads).where(eq(uploads.gemId, row.id)).returning();
    await tx.delete(gems).where(eq(gems.id, row.id));
    return removed;
  });
  await Promise.allSettled(files.map((upload) => store.delete(fileNameOf(upload))));
  return { id: row.id };
}

type Sort = 'newest' | 'oldest' | 'title';
const ORDER: Record<Sort, SQL[]> = {
  newest: [desc(gems.createdAt), desc(gems.id)],
  oldest: [asc(gems.createdAt), asc(gems.id)],
  title: [asc(sql`lower(${gems.title})`), asc(gems.id)],
};

export async function listGems(
  db: Db,
  ownerId: number,
  options: { page: number; perPage: number; collectionId?: number; mediaType?: MediaType; sortBy?: Sort },
) {
  const where = and(
    eq(gems.ownerId, ownerId),
    options.collectionId ? eq(gems.collectionId, options.collectionId) : undefined,
    options.mediaType ? eq(gems.mediaType, options.mediaType) : undefined,
  );
  const rows = await db
    .select()
    .from(gems)
    .where(where)
    .orderBy(...ORDER[options.sortBy ?? 'newest'])
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  return {
    data: await hydrate(db, rows),
    total: await countGems(db, ownerId, where, options),
    page: options.page,
    perPage: options.perPage,
  };
}

/** Totals come from the trigger-kept collection counts; only a media-type filter needs a real count. */
async function countGems(
  db: Db,
  ownerId: number,
  where: SQL | undefined,
  options: { collectionId?: number; mediaType?: MediaType },
) {
  if (options.mediaType) {
    const [row] = await db.select({ n: count() }).from(gems).where(where);
    return row?.n ?? 0;
  }
  if (options.collectionId) return (await getOwnedCollection(db, ownerId, options.collectionId)).gemsCount;
  return countUserGems(db, ownerId);
}

/** The user's gems saved at the same page as `url` (compared by canonical URL), newest first. */
export async function gemsAtUrl(db: Db, ownerId: number, url: string) {
  const rows = await db
    .select()
    .from(gems)
    .where(and(eq(gems.ownerId, ownerId), eq(gems.canonicalUrl, canonicalizeUrl(url))))
    .orderBy(desc(gems.createdAt), desc(gems.id));
  return hydrate(db, rows);
}
