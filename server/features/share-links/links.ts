import { and, eq, sql } from 'drizzle-orm';
import type { ShareLink, ShareLinkSettings } from '../../../lib/api/share-link-contract';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { type ShareLinkKind, shareLinks } from '../../db/schema';
import type { ShareLinkRow } from '../../db/types';
import { fieldError, notFound } from '../../http/errors';
import { atLeast, collectionAccess, tagAccess } from '../sharing/access';
import { hashToken, newToken, openToken, sealToken, tokenContext } from './tokens';

/**
 * Managing share links: one per collection, tag or gem, managed by its owner (and a collection's or tag's admins).
 * Anyone else is told the resource does not exist.
 */

export interface LinkDeps {
  db: Db;
  secret: string;
}

const NAMES: Record<ShareLinkKind, string> = { collection: 'Collection', tag: 'Tag', gem: 'Gem' };
const columnOf = (kind: ShareLinkKind) =>
  kind === 'collection' ? shareLinks.collectionId : kind === 'tag' ? shareLinks.tagId : shareLinks.gemId;
export const resourceIdOf = (row: ShareLinkRow): number => Number(row.collectionId ?? row.tagId ?? row.gemId);

/**
 * Whether the user may manage links of this resource; its owner when they may. A gem in the trash keeps its link
 * (which opens as not found until the gem is restored), so it can still be changed or deleted.
 */
async function managedOwner(db: Db, userId: number, kind: ShareLinkKind, id: number): Promise<number> {
  if (kind === 'gem') {
    const [gem] = await selectRows<{ owner_id: number }>(
      db,
      sql`SELECT owner_id FROM gems WHERE id = ${id} AND owner_id = ${userId}`,
    );
    if (gem) return userId;
  } else {
    const found = kind === 'collection' ? await collectionAccess(db, userId, id) : await tagAccess(db, userId, id);
    if (found && atLeast(found.access, 'admin')) return found.ownerId;
  }
  throw notFound(NAMES[kind]);
}

export async function linkOf(db: Db, kind: ShareLinkKind, id: number): Promise<ShareLinkRow | null> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(eq(columnOf(kind), id));
  return row ?? null;
}

/** The link a user manages by its id, or a 404. */
export async function managedLink(db: Db, userId: number, linkId: number): Promise<ShareLinkRow> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, linkId));
  if (!row) throw notFound('Share link');
  await managedOwner(db, userId, row.kind, resourceIdOf(row)).catch(() => {
    throw notFound('Share link');
  });
  return row;
}

/** The columns settings change (the password hashed); a list audience without addresses is refused. */
async function settingsColumns(current: ShareLinkRow | null, settings: ShareLinkSettings) {
  const audience = settings.accessType ?? current?.audience ?? 'anyone';
  const emails = settings.allowEmail
    ? [...new Set(settings.allowEmail.map((e) => e.trim().toLowerCase()))]
    : (current?.emails ?? []);
  if (audience === 'emails' && !emails.length)
    throw fieldError(400, 'data.allowEmail', 'List at least one address for a link only they may open');
  return {
    audience,
    emails,
    ...(settings.password !== undefined && {
      passwordHash: settings.password === null ? null : await hashPassword(settings.password),
    }),
    ...(settings.expiresAt !== undefined && {
      expiresAt: settings.expiresAt === null ? null : new Date(settings.expiresAt),
    }),
    ...(settings.disabled !== undefined && { disabled: settings.disabled }),
    ...(settings.showNotes !== undefined && { showNotes: settings.showNotes }),
    updatedAt: new Date(),
  };
}

/** Creates the resource's link or changes its settings. */
export async function saveLink(
  { db, secret }: LinkDeps,
  userId: number,
  kind: ShareLinkKind,
  id: number,
  settings: ShareLinkSettings,
): Promise<ShareLinkRow> {
  const ownerId = await managedOwner(db, userId, kind, id);
  const current = await linkOf(db, kind, id);
  const columns = await settingsColumns(current, settings);
  if (current) {
    const [row] = await db.update(shareLinks).set(columns).where(eq(shareLinks.id, current.id)).returning();
    if (!row) throw notFound('Share link');
    return row;
  }
  const token = newToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      ownerId,
      kind,
      collectionId: kind === 'collection' ? id : null,
      tagId: kind === 'tag' ? id : null,
      gemId: kind === 'gem' ? id : null,
      tokenHash: hashToken(token),
      tokenEncrypted: sealToken(secret, tokenContext(kind, id), token),
      ...columns,
    })
    .onConflictDoNothing()
    .returning();
  // a concurrent request made it first: change that one
  return row ?? saveLink({ db, secret }, userId, kind, id, settings);
}

/** A link's settings changed by its id. */
export async function updateLink(deps: LinkDeps, userId: number, linkId: number, settings: ShareLinkSettings) {
  const current = await managedLink(deps.db, userId, linkId);
  const [row] = await deps.db
    .update(shareLinks)
    .set(await settingsColumns(current, settings))
    .where(eq(shareLinks.id, linkId))
    .returning();
  if (!row) throw notFound('Share link');
  return row;
}

/** A new token: the old one finds nothing from now on. */
export async function regenerate({ db, secret }: LinkDeps, link: ShareLinkRow): Promise<ShareLinkRow> {
  const token = newToken();
  const [row] = await db
    .update(shareLinks)
    .set({
      tokenHash: hashToken(token),
      tokenEncrypted: sealToken(secret, tokenContext(link.kind, resourceIdOf(link)), token),
      updatedAt: new Date(),
    })
    .where(eq(shareLinks.id, link.id))
    .returning();
  if (!row) throw notFound('Share link');
  return row;
}

/** The collection's link (for the spec's collection routes), or a 404. */
export async function collectionLink(db: Db, userId: number, collectionId: number): Promise<ShareLinkRow> {
  await managedOwner(db, userId, 'collection', collectionId);
  const row = await linkOf(db, 'collection', collectionId);
  if (!row) throw notFound('Share link');
  return row;
}

export async function deleteLink(db: Db, userId: number, linkId: number): Promise<{ id: number }> {
  await managedLink(db, userId, linkId);
  await db.delete(shareLinks).where(eq(shareLinks.id, linkId));
  return { id: linkId };
}

/** Every link the user manages: their own and those of collections and tags they administer. */
export async function listLinks(
  db: Db,
  userId: number,
  filter: { kind?: ShareLinkKind; resourceId?: number },
): Promise<ShareLinkRow[]> {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(
      and(
        sql`(${shareLinks.ownerId} = ${userId}
          OR ${shareLinks.collectionId} IN (SELECT a.collection_id FROM trove_collection_access(${userId}) a WHERE a.rank >= 4)
          OR ${shareLinks.tagId} IN (SELECT a.tag_id FROM trove_tag_access(${userId}) a WHERE a.rank >= 4))`,
        filter.kind ? eq(shareLinks.kind, filter.kind) : undefined,
        filter.kind && filter.resourceId ? eq(columnOf(filter.kind), filter.resourceId) : undefined,
      ),
    )
    .orderBy(sql`${shareLinks.createdAt} DESC, ${shareLinks.id} DESC`);
  return rows;
}

/** A link as its managers see it: its address and what it shares. */
export async function toShareLink(deps: LinkDeps, row: ShareLinkRow, base: string): Promise<ShareLink> {
  const resourceId = resourceIdOf(row);
  const [named] = await selectRows<{ name: string | null }>(
    deps.db,
    row.kind === 'collection'
      ? sql`SELECT name FROM collections WHERE id = ${resourceId}`
      : row.kind === 'tag'
        ? sql`SELECT name FROM tags WHERE id = ${resourceId}`
        : sql`SELECT coalesce(nullif(title, ''), url, 'Untitled') AS name FROM gems WHERE id = ${resourceId}`,
  );
  const token = openToken(deps.secret, tokenContext(row.kind, resourceId), row.tokenEncrypted);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    kind: row.kind,
    resourceId,
    resourceName: named?.name ?? '',
    token,
    url: `${base}/s/${token}`,
    accessType: row.audience,
    allowEmail: row.emails,
    hasPassword: row.passwordHash !== null,
    expiresAt: iso(row.expiresAt),
    disabled: row.disabled,
    showNotes: row.showNotes,
    accessCount: row.accessCount,
    lastAccessAt: iso(row.lastAccessAt),
    createdAt: iso(row.createdAt) ?? '',
  };
}
