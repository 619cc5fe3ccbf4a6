import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import { type SitePage, serveSite, siteNotFound } from './site-pages';
import { verifiedDomains } from './sites';

/**
 * Requests whose Host is a verified custom domain get that collection's site at `/` (its sub-collections below it,
 * `/feed.rss`, `/feed.atom`); any other path there is the 404 page, and the API (`/api/…`) is left alone. The table
 * of verified domains is read at most every TABLE_SECONDS per server copy, and again at once after a change made
 * through this copy (another copy sees it within TABLE_SECONDS).
 */

const TABLE_SECONDS = 5;

export interface DomainTable {
  collectionAt(host: string): Promise<number | undefined>;
  /** Forget the table: the next request reads it again. */
  changed(): void;
}

export function domainTable(db: Db): DomainTable {
  let table: Promise<Map<string, number>> | undefined;
  let readAt = 0;
  return {
    async collectionAt(host) {
      if (!table || Date.now() - readAt > TABLE_SECONDS * 1000) {
        readAt = Date.now();
        table = verifiedDomains(db);
        table.catch(() => {
          table = undefined;
        });
      }
      const domains = await table;
      if (!domains.size) return undefined;
      const name = host.toLowerCase().replace(/\.(?=:|$)/, '');
      // A domain bound without a port answers on any (browsers leave the default one out of Host).
      return domains.get(name) ?? domains.get(name.replace(/:\d+$/, ''));
    },
    changed() {
      table = undefined;
    },
  };
}

/** What `path` is on a custom domain, or null for anything else. */
function sitePageOf(path: string): SitePage | null {
  if (path === '/feed.rss') return { kind: 'rss' };
  if (path === '/feed.atom') return { kind: 'atom' };
  if (path === '/' || /^\/[^.]+$/.test(path)) return { kind: 'page', sub: path.replace(/^\/+|\/+$/g, '') };
  return null;
}

export function hostSites(db: Db, domains: DomainTable): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('Host');
    if (!host || c.req.path.startsWith('/api/')) return next();
    const collectionId = await domains.collectionAt(host);
    if (collectionId === undefined) return next();
    const what = c.req.method === 'GET' || c.req.method === 'HEAD' ? sitePageOf(c.req.path) : null;
    if (!what) return siteNotFound(c);
    return serveSite(c, db, collectionId, '', `${new URL(c.req.url).protocol}//${host}`, what);
  };
}
