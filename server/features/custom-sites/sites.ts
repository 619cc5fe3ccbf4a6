import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type CustomSite, VERIFY_PATH } from '../../../lib/api/custom-site-contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { collections, customSites, users } from '../../db/schema';
import type { CollectionRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import { getOwnedCollection } from '../collections/collections';

/**
 * A collection's custom site, as its owner manages it: the subdirectory (`/sites/{name}`, live at once) and the domain
 * (live once verified). Another user's collection is a 404; a domain or subdirectory another collection has, a 409.
 */

type SiteRow = typeof customSites.$inferSelect;

export function toCustomSite(collection: CollectionRow, row: SiteRow | undefined, base: string): CustomSite {
  const subdirectory = row?.subdirectory ?? null;
  const domain = row?.domain ?? null;
  const verified = !!(domain && row?.domainVerifiedAt);
  const kind = [subdirectory && 'subdirectory', domain && 'domain'].filter(Boolean);
  return {
    collectionId: collection.id,
    bindingType: kind.length === 2 ? 'both' : ((kind[0] || 'none') as CustomSite['bindingType']),
    subdirectory,
    subdirectoryUrl: subdirectory && collection.isPublic ? `${base}/sites/${subdirectory}` : null,
    domain,
    verificationToken: domain ? (row?.domainToken ?? null) : null,
    verificationUrl: domain ? `http://${domain}${VERIFY_PATH}` : null,
    verified,
    customDomain: verified && collection.isPublic ? `http://${domain}/` : null,
    isPublic: collection.isPublic,
  };
}

async function siteRow(db: Db, collectionId: number): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(customSites).where(eq(customSites.collectionId, collectionId));
  return row;
}

export async function getCustomSite(db: Db, ownerId: number, collectionId: number, base: string) {
  const collection = await getOwnedCollection(db, ownerId, collectionId);
  return toCustomSite(collection, await siteRow(db, collectionId), base);
}

/** Writes the binding's fields (the row made on first use), turning a unique violation into a 409 on `field`. */
async function bind(
  db: Db,
  ownerId: number,
  collectionId: number,
  set: Partial<SiteRow>,
  field: string,
  taken: string,
) {
  try {
    await db
      .insert(customSites)
      .values({ collectionId, ownerId, ...set })
      .onConflictDoUpdate({ target: customSites.collectionId, set: { ...set, updatedAt: sql`now()` } });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(409, field, taken);
    throw error;
  }
}

const DOMAIN_TAKEN = 'This domain is already bound to a collection';

/** Binds `domain` (unverified, with a new token) unless it is this server's own host or another collection's. */
export async function assignDomain(db: Db, ownerId: number, collectionId: number, domain: string, ownHost: string) {
  await getOwnedCollection(db, ownerId, collectionId);
  if (domain === ownHost.toLowerCase()) throw fieldError(400, 'data.domain', 'This is the Trove server’s own address');
  const current = await siteRow(db, collectionId);
  if (current?.domain === domain) return;
  const [other] = await db
    .select({ id: customSites.collectionId })
    .from(customSites)
    .where(eq(customSites.domain, domain));
  if (other) throw fieldError(409, 'data.domain', DOMAIN_TAKEN);
  const token = `trove-verify-${randomBytes(16).toString('base64url')}`;
  await bind(
    db,
    ownerId,
    collectionId,
    { domain, domainToken: token, domainVerifiedAt: null },
    'data.domain',
    DOMAIN_TAKEN,
  );
}

export async function removeDomain(db: Db, ownerId: number, collectionId: number) {
  await getOwnedCollection(db, ownerId, collectionId);
  await db
    .update(customSites)
    .set({ domain: null, domainToken: null, domainVerifiedAt: null, updatedAt: sql`now()` })
    .where(eq(customSites.collectionId, collectionId));
}

/** The binding whose domain is to be verified (a 400 naming `collectionId` when it has none). */
export async function domainToVerify(db: Db, ownerId: number, collectionId: number) {
  await getOwnedCollection(db, ownerId, collectionId);
  const row = await siteRow(db, collectionId);
  if (!row?.domain || !row.domainToken)
    throw fieldError(400, 'data.collectionId', 'Bind a domain to this collection first');
  return { domain: row.domain, token: row.domainToken };
}

/** Marks the domain verified, if it is still the one that was checked. */
export async function markVerified(db: Db, collectionId: number, domain: string) {
  await db
    .update(customSites)
    .set({ domainVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(customSites.collectionId, collectionId), eq(customSites.domain, domain)));
}

const SUBDIRECTORY_TAKEN = 'Another collection has this name';

/** Sets or (null) clears the collection's `/sites/{name}`. */
export async function assignSubdirectory(db: Db, ownerId: number, collectionId: number, name: string | null) {
  await getOwnedCollection(db, ownerId, collectionId);
  await bind(db, ownerId, collectionId, { subdirectory: name }, 'data.subdirectory', SUBDIRECTORY_TAKEN);
}

/** Every verified domain and its collection (the host routing's table). */
export async function verifiedDomains(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ domain: customSites.domain, collectionId: customSites.collectionId })
    .from(customSites)
    .where(and(isNotNull(customSites.domain), isNotNull(customSites.domainVerifiedAt)));
  return new Map(rows.map((r) => [r.domain as string, r.collectionId]));
}

/** The collection at `/sites/{name}`, if any. */
export async function collectionOfSubdirectory(db: Db, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: customSites.collectionId })
    .from(customSites)
    .where(eq(customSites.subdirectory, name));
  return row?.id;
}

/** The username and slug of a public collection, to find it as its page does (undefined when not public). */
export async function publicAddressOf(db: Db, collectionId: number) {
  const [row] = await db
    .select({ slug: collections.publicSlug, isPublic: collections.isPublic, username: users.username })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .where(eq(collections.id, collectionId));
  return row?.isPublic && row.slug ? { slug: row.slug, username: row.username } : undefined;
}
