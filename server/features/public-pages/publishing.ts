import { and, eq, ne, sql } from 'drizzle-orm';
import { type PublicSettings, type PublicSettingsInput, slugify } from '../../../lib/api/public-collection-contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { collections, users } from '../../db/schema';
import type { CollectionRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import { getOwnedCollection } from '../collections/collections';

/** The owner's side of a public collection: its settings, publishing and unpublishing (routes.ts). */

/** A public page's address: `{base}/{username}/{slug}` (a sub-collection adds its path). */
export const publicPageUrl = (base: string, username: string, slug: string) =>
  `${base}/${encodeURIComponent(username)}/${slug}`;

export function toPublicSettings(row: CollectionRow, base: string, username: string): PublicSettings {
  return {
    collectionId: row.id,
    isPublic: row.isPublic,
    slug: row.publicSlug,
    url: row.isPublic && row.publicSlug ? publicPageUrl(base, username, row.publicSlug) : null,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoImage: row.seoImage,
    noindex: row.noindex,
    includeSubcollections: row.includeSubcollections,
    acceptOffers: row.acceptOffers,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** The slug made from the name, with `-2`, `-3`… when another of the owner's collections has it. */
async function freeSlug(db: Db, ownerId: number, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .select({ slug: collections.publicSlug })
        .from(collections)
        .where(and(eq(collections.ownerId, ownerId), sql`${collections.publicSlug} LIKE ${`${base}%`}`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const slug = `${base.slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(slug)) return slug;
  }
}

const SLUG_TAKEN = 'Another of your collections has this address';

/** Unfiltered and AI Chats are the user's own places: they are never published. */
async function refuseSpecial(db: Db, row: CollectionRow) {
  const [user] = await db.select({ aiChats: users.aiChatsCollectionId }).from(users).where(eq(users.id, row.ownerId));
  if (row.isUnfiltered || user?.aiChats === row.id)
    throw fieldError(400, 'data.isPublic', `${row.name} cannot be published: it holds what is not filed yet, or chats`);
}

export async function getPublicSettings(db: Db, ownerId: number, id: number): Promise<CollectionRow> {
  return getOwnedCollection(db, ownerId, id);
}

/** Publishes or changes the settings (what the input leaves out keeps its value). */
export async function updatePublicSettings(
  db: Db,
  ownerId: number,
  id: number,
  input: PublicSettingsInput,
  now: Date,
): Promise<CollectionRow> {
  const row = await getOwnedCollection(db, ownerId, id);
  const isPublic = input.isPublic ?? row.isPublic;
  if (isPublic) await refuseSpecial(db, row);
  let slug = input.slug ?? row.publicSlug;
  if (input.slug && input.slug !== row.publicSlug) {
    const [other] = await db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.ownerId, ownerId), eq(collections.publicSlug, input.slug), ne(collections.id, id)));
    if (other) throw fieldError(409, 'data.slug', SLUG_TAKEN);
  }
  if (!slug && isPublic) slug = await freeSlug(db, ownerId, row.name);
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
  try {
    const [saved] = await db
      .update(collections)
      .set({
        isPublic,
        publicSlug: slug,
        seoTitle: blankToNull(input.seoTitle),
        seoDescription: blankToNull(input.seoDescription),
        seoImage: blankToNull(input.seoImage),
        noindex: input.noindex,
        includeSubcollections: input.includeSubcollections,
        acceptOffers: input.acceptOffers,
        publishedAt: isPublic && !row.isPublic ? now : row.publishedAt,
        updatedAt: now,
      })
      .where(eq(collections.id, id))
      .returning();
    if (!saved) throw new Error('collection update returned no row');
    return saved;
  } catch (error) {
    // two requests choosing the same slug at once: the unique index decides
    if (isUniqueViolation(error)) throw fieldError(409, 'data.slug', SLUG_TAKEN);
    throw error;
  }
}

export async function unpublish(db: Db, ownerId: number, id: number, now: Date): Promise<CollectionRow> {
  await getOwnedCollection(db, ownerId, id);
  const [saved] = await db
    .update(collections)
    .set({ isPublic: false, updatedAt: now })
    .where(eq(collections.id, id))
    .returning();
  if (!saved) throw new Error('collection update returned no row');
  return saved;
}
