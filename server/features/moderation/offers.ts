import { and, eq, sql } from 'drizzle-orm';
import type { GemMedia, MediaType } from '../../../lib/api/contract';
import { parseFollowAddress } from '../../../lib/api/follow-address';
import type { Offer, OfferInput, OfferStatus } from '../../../lib/api/moderation-contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { selectRows } from '../../db/rows';
import { gemOffers, NOT_SAVE_MEDIA_TYPES, uploads } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import type { CreateInput } from '../gems/gem-insert';
import { createGem, gemOwner } from '../gems/gems';
import { findPublicCollection } from '../public-pages/public-collection';
import { publicPageUrl } from '../public-pages/publishing';
import { atLeast, collectionAccess, ROLE_RANK } from '../sharing/access';
import { copyOfferedImage, dropCopiedImage } from './offer-image';

/**
 * Offering gems to public collections. The offerer never writes the owner's collection: the offer row keeps what
 * was offered (title, address, description, image, type, as they were then) and the owner's approval makes a copy
 * of that, owned by the owner, in the collection; the offerer's own gem is never touched.
 */

const NOT_PUBLIC = 'No public collection there';
const timestamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface OfferRow {
  id: number;
  status: OfferStatus;
  gem_id: number;
  title: string;
  url: string;
  description: string;
  image: string | null;
  media_type: string;
  collection_id: number;
  collection_name: string;
  is_public: boolean;
  public_slug: string | null;
  offerer_id: number;
  offerer_username: string;
  owner_id: number;
  owner_username: string;
  approved_gem_id: number | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  total?: number | string;
}

const offerColumns = sql`o.id, o.status, o.gem_id, o.title, o.url, o.description, o.image, o.media_type,
  c.id AS collection_id, c.name AS collection_name, c.is_public, c.public_slug,
  o.offerer_id, ofr.username AS offerer_username, c.owner_id, own.username AS owner_username,
  o.approved_gem_id, o.created_at, o.decided_at`;
const offerJoins = sql`gem_offers o JOIN collections c ON c.id = o.collection_id
  JOIN users ofr ON ofr.id = o.offerer_id JOIN users own ON own.id = c.owner_id`;

const toOffer =
  (base: string) =>
  (r: OfferRow): Offer => ({
    id: r.id,
    status: r.status,
    gem: {
      id: r.gem_id,
      title: r.title,
      url: r.url,
      description: r.description,
      image: r.image,
      mediaType: r.media_type,
    },
    collection: {
      id: r.collection_id,
      name: r.collection_name,
      url: r.is_public && r.public_slug ? publicPageUrl(base, r.owner_username, r.public_slug) : null,
    },
    offerer: { id: r.offerer_id, username: r.offerer_username },
    owner: { id: r.owner_id, username: r.owner_username },
    approvedGemId: r.approved_gem_id,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: timestamp(r.decided_at),
  });

async function offerById(db: Db, id: number, base: string): Promise<Offer> {
  const [row] = await selectRows<OfferRow>(db, sql`SELECT ${offerColumns} FROM ${offerJoins} WHERE o.id = ${id}`);
  if (!row) throw new Error(`offer ${id} vanished`);
  return toOffer(base)(row);
}

interface Target {
  id: number;
  ownerId: number;
  acceptOffers: boolean;
}

/** The public collection an offer goes to: by address (`username/slug`, a page's address) or id; else a 404. */
async function targetOf(db: Db, input: OfferInput): Promise<Target> {
  let id = input.collectionId;
  if (id === undefined) {
    const parts = parseFollowAddress(input.address ?? '');
    const found = parts && (await findPublicCollection(db, parts.username, parts.slug));
    if (!found) throw fieldError(404, 'data.address', NOT_PUBLIC);
    id = found.id;
  }
  const [row] = await selectRows<{ id: number; owner_id: number; accept_offers: boolean }>(
    db,
    sql`SELECT id, owner_id, accept_offers FROM collections WHERE id = ${id} AND is_public`,
  );
  if (!row) throw fieldError(404, input.collectionId === undefined ? 'data.address' : 'data.collectionId', NOT_PUBLIC);
  return { id: row.id, ownerId: row.owner_id, acceptOffers: row.accept_offers };
}

interface OfferedGem {
  id: number;
  title: string;
  url: string;
  canonical_url: string;
  description: string;
  image: string | null;
  favicon: string | null;
  media_type: MediaType;
  media: GemMedia;
}

/** Makes a pending offer of the user's gem to a public collection that accepts offers. */
export async function offerGem(db: Db, userId: number, input: OfferInput, base: string): Promise<Offer> {
  const field = input.collectionId === undefined ? 'data.address' : 'data.collectionId';
  const target = await targetOf(db, input);
  if (target.ownerId === userId)
    throw fieldError(400, field, 'This collection is yours: move the gem into it instead of offering it');
  if (!target.acceptOffers) throw fieldError(409, field, 'This collection does not accept offered gems');
  const [gem] = await selectRows<OfferedGem>(
    db,
    sql`SELECT id, title, url, canonical_url, description, image, favicon, media_type, media FROM gems
    WHERE id = ${input.gemId} AND owner_id = ${userId} AND deleted_at IS NULL
      AND media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}`,
  );
  if (!gem) throw fieldError(404, 'data.gemId', 'Gem not found among your saves');
  const [there] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM gems WHERE collection_id = ${target.id} AND canonical_url = ${gem.canonical_url}
      AND deleted_at IS NULL LIMIT 1`,
  );
  if (there) throw fieldError(409, 'data.gemId', 'This page is in the collection already');
  try {
    const [row] = await db
      .insert(gemOffers)
      .values({
        collectionId: target.id,
        gemId: gem.id,
        offererId: userId,
        title: gem.title,
        url: gem.url,
        description: gem.description,
        image: gem.image,
        favicon: gem.favicon,
        mediaType: gem.media_type,
        media: gem.media,
      })
      .returning({ id: gemOffers.id });
    if (!row) throw new Error('offer insert returned no row');
    return await offerById(db, row.id, base);
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldError(409, 'data.gemId', 'You offered this gem there already: it waits for the owner');
    throw error;
  }
}

/** A page of offers matching `where`, in `order`. */
async function pageOf(
  db: Db,
  where: ReturnType<typeof sql>,
  order: ReturnType<typeof sql>,
  page: number,
  perPage: number,
  base: string,
): Promise<{ data: Offer[]; total: number }> {
  const rows = await selectRows<OfferRow>(
    db,
    sql`SELECT ${offerColumns}, count(*) OVER () AS total FROM ${offerJoins} WHERE ${where}
    ORDER BY ${order} LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && page > 1) {
    const [count] = await selectRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM ${offerJoins} WHERE ${where}`,
    );
    total = Number(count?.n ?? 0);
  }
  return { data: rows.map(toOffer(base)), total };
}

export interface Paging {
  page: number;
  perPage: number;
}

/** The user's offers, newest first, with what became of them. */
export const myOffers = (db: Db, userId: number, { page, perPage }: Paging, base: string) =>
  pageOf(db, sql`o.offerer_id = ${userId}`, sql`o.created_at DESC, o.id DESC`, page, perPage, base);

/**
 * Who moderates a collection's offers: its owner and its admins (a share with the admin role, to them or a team of
 * theirs). Anyone else gets a 404, as if there were no such collection. Answers the collection's owner.
 */
async function moderatedCollection(db: Db, userId: number, collectionId: number): Promise<{ ownerId: number }> {
  const found = await collectionAccess(db, userId, collectionId);
  if (!found || !atLeast(found.access, 'admin')) throw new ApiError(404, 'Collection not found');
  return { ownerId: found.ownerId };
}

/** Pending offers of every collection the user moderates (owns, or administers), oldest first: one inbox. */
export const moderationInbox = (db: Db, userId: number, { page, perPage }: Paging, base: string) =>
  pageOf(
    db,
    sql`o.status = 'pending' AND (c.owner_id = ${userId} OR o.collection_id IN (
      SELECT a.collection_id FROM trove_collection_access(${userId}) a WHERE a.rank >= ${ROLE_RANK.admin}))`,
    sql`o.created_at, o.id`,
    page,
    perPage,
    base,
  );

/** A collection's pending (or processed) offers, for its owner and admins only (anyone else: a 404). */
export async function collectionOffers(
  db: Db,
  userId: number,
  collectionId: number,
  which: 'pending' | 'processed',
  { page, perPage }: Paging,
  base: string,
) {
  await moderatedCollection(db, userId, collectionId);
  return which === 'pending'
    ? pageOf(
        db,
        sql`o.collection_id = ${collectionId} AND o.status = 'pending'`,
        sql`o.created_at, o.id`,
        page,
        perPage,
        base,
      )
    : pageOf(
        db,
        sql`o.collection_id = ${collectionId} AND o.status <> 'pending'`,
        sql`o.decided_at DESC, o.id DESC`,
        page,
        perPage,
        base,
      );
}

/**
 * The owner (or an admin) approves or rejects the pending offer of `gemId`. Approval inserts the copy and closes the offer in one
 * transaction; the offer is claimed by its `status = 'pending'` condition, so two decisions at once make one copy.
 */
export async function decideOffer(
  db: Db,
  userId: number,
  collectionId: number,
  gemId: number,
  status: 'approved' | 'rejected',
  base: string,
  store: FileStore,
): Promise<Offer> {
  const { ownerId } = await moderatedCollection(db, userId, collectionId);
  const [offer] = await db
    .select()
    .from(gemOffers)
    .where(and(eq(gemOffers.collectionId, collectionId), eq(gemOffers.gemId, gemId), eq(gemOffers.status, 'pending')));
  if (!offer) throw new ApiError(404, 'No pending offer of this gem to this collection');
  if (status === 'rejected') {
    const [done] = await selectRows<{ id: number }>(
      db,
      sql`UPDATE gem_offers SET status = 'rejected', decided_at = now() WHERE id = ${offer.id} AND status = 'pending'
      RETURNING id`,
    );
    if (!done) throw new ApiError(404, 'No pending offer of this gem to this collection');
    return offerById(db, offer.id, base);
  }
  const owner = await gemOwner(db, ownerId);
  const copied = await copyOfferedImage(db, store, base, ownerId, offer.image);
  let claimed = false;
  try {
    await createGem(
      db,
      owner,
      {
        title: offer.title,
        url: offer.url,
        description: offer.description,
        media_type: offer.mediaType as CreateInput['media_type'],
        media: offer.media,
        image: copied?.image ?? offer.image,
        favicon: offer.favicon,
        collectionId,
        tags: [],
      },
      undefined,
      {
        prepare: async () => ({}),
        attach: async (tx, gem) => {
          const done = await tx
            .update(gemOffers)
            .set({ status: 'approved', decidedAt: sql`now()`, approvedGemId: gem.id })
            .where(and(eq(gemOffers.id, offer.id), eq(gemOffers.status, 'pending')))
            .returning({ id: gemOffers.id });
          // decided meanwhile by another request: this copy is rolled back with the transaction
          if (done.length === 0) throw new ApiError(404, 'No pending offer of this gem to this collection');
          claimed = true;
          // the owner's copy of the image belongs to the new gem: it goes with it
          if (copied) await tx.update(uploads).set({ gemId: gem.id }).where(eq(uploads.id, copied.uploadId));
        },
        discard: async () => {},
      },
    );
  } catch (error) {
    if (copied) await dropCopiedImage(db, store, copied.uploadId);
    throw error;
  }
  if (!claimed) throw new Error('the approved offer was not claimed');
  return offerById(db, offer.id, base);
}
