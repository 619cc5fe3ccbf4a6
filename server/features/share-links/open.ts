import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { SearchHit } from '../../../lib/api/search-contract';
import { countHit, type Decision, type WindowLimit } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { shareLinks } from '../../db/schema';
import type { ShareLinkRow } from '../../db/types';
import { loadScopedPage, type PageData, type PageRequest } from '../public-pages/page-data';
import { searchGems } from '../search/search';
import { collectionSubtreeCondition, tagSubtreeCondition } from '../sharing/access';
import { resourceIdOf } from './links';
import { hashToken, TOKEN_PATTERN } from './tokens';

/**
 * Opening a link: finding it by its token's hash, deciding whether this visitor may see it, checking its password
 * (limited per link and per address), and reading what it shares. Unknown, expired, disabled and replaced tokens are
 * all simply "no link" (null): the callers answer them alike.
 */

/** Wrong (and right) password guesses: per address, and per link whoever guesses. */
export const PASSWORD_LIMITS = {
  perAddress: { max: 10, windowSeconds: 15 * 60 },
  perLink: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, WindowLimit>;

/** The live link of a token, or null (also for what cannot be a token: no query then). */
export async function liveLink(db: Db, token: string): Promise<ShareLinkRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM share_links l LEFT JOIN gems g ON g.id = l.gem_id
      WHERE l.token_hash = ${hashToken(token)} AND NOT l.disabled AND (l.expires_at IS NULL OR l.expires_at > now())
        AND (l.gem_id IS NULL OR g.deleted_at IS NULL)`,
  );
  if (!row) return null;
  const [link] = await db.select().from(shareLinks).where(sql`${shareLinks.id} = ${row.id}`);
  return link ?? null;
}

/** Counts one open. */
export async function countOpen(db: Db, link: ShareLinkRow): Promise<void> {
  await db.execute(
    sql`UPDATE share_links SET access_count = access_count + 1, last_access_at = now() WHERE id = ${link.id}`,
  );
}

/** Whether a signed-in user is in the link's audience (anyone and signed-in: yes; a list: their email on it). */
export async function userMayOpen(db: Db, link: ShareLinkRow, userId: number): Promise<boolean> {
  if (link.audience !== 'emails' || link.ownerId === userId) return true;
  const [user] = await selectRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${userId}`);
  return !!user && link.emails.includes(user.email.toLowerCase());
}

/** Counts a password guess against both limits; the first refusal wins. */
export async function passwordGuessAllowed(db: Db, link: ShareLinkRow, address: string): Promise<Decision> {
  const byLink = await countHit(db, `share-link:password:link:${link.id}`, PASSWORD_LIMITS.perLink);
  if (!byLink.allowed) return byLink;
  return countHit(db, `share-link:password:address:${address}`, PASSWORD_LIMITS.perAddress);
}

const DAY_SECONDS = 24 * 3600;
const cookieName = (link: ShareLinkRow) => `trove_link_${link.id}`;
/** What the cookie vouches for: this token and this password (a new one of either ends it). */
const cookieValue = (link: ShareLinkRow) => `${link.tokenHash.slice(0, 24)}.${hashToken(link.passwordHash ?? '')}`;

/** After the right password: a signed cookie for this link's path only, for a day or until the link expires. */
export async function rememberPassword(c: Context, secret: string, link: ShareLinkRow, path: string) {
  const untilExpiry = link.expiresAt ? Math.floor((link.expiresAt.getTime() - Date.now()) / 1000) : DAY_SECONDS;
  await setSignedCookie(c, cookieName(link), cookieValue(link), secret, {
    path,
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: Math.max(1, Math.min(DAY_SECONDS, untilExpiry)),
  });
}

export async function passwordRemembered(c: Context, secret: string, link: ShareLinkRow): Promise<boolean> {
  const value = await getSignedCookie(c, secret, cookieName(link));
  return value === cookieValue(link);
}

/** The owner's gems a link shares (alias `g`): a collection's with its sub-collections', a tag's, or the one gem. */
const scopeOf = (link: ShareLinkRow) => {
  const id = resourceIdOf(link);
  const owned = sql`g.owner_id = ${link.ownerId}`;
  if (link.kind === 'collection') return [owned, collectionSubtreeCondition(id)];
  if (link.kind === 'tag') return [owned, tagSubtreeCondition(id)];
  return [owned, sql`g.id = ${id}`];
};

/** The name of what a link shares. */
export async function linkName(db: Db, link: ShareLinkRow): Promise<string> {
  const id = resourceIdOf(link);
  const [row] = await selectRows<{ name: string }>(
    db,
    link.kind === 'collection'
      ? sql`SELECT name FROM collections WHERE id = ${id}`
      : link.kind === 'tag'
        ? sql`SELECT name FROM tags WHERE id = ${id}`
        : sql`SELECT coalesce(nullif(title, ''), url, 'Untitled') AS name FROM gems WHERE id = ${id}`,
  );
  return row?.name ?? '';
}

/** A page of a shared collection or tag (notes left out unless the owner exposes them). */
export async function linkPage(db: Db, link: ShareLinkRow, request: PageRequest): Promise<PageData> {
  const key = `link:${link.id}:${new Date(link.updatedAt).getTime()}`;
  const data = await loadScopedPage(db, link.ownerId, scopeOf(link), key, request);
  return link.showNotes ? data : { ...data, hits: data.hits.map((hit) => ({ ...hit, notes: '' })) };
}

/** A shared gem, or null when it is gone (or in the trash). */
export async function linkGem(db: Db, link: ShareLinkRow): Promise<SearchHit | null> {
  const { hits } = await searchGems(db, link.ownerId, { root: null }, { page: 1, perPage: 1 }, scopeOf(link));
  const hit = hits[0];
  if (!hit) return null;
  return link.showNotes ? hit : { ...hit, notes: '' };
}
