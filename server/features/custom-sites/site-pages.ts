import type { Context } from 'hono';
import type { Db } from '../../db/client';
import { sendError } from '../../http/errors';
import { renderAtom, renderRss } from '../public-pages/feeds';
import { loadFeed, loadPage, pageRequest } from '../public-pages/page-data';
import { PUBLIC_PAGE_SECURITY } from '../public-pages/page-style';
import { findPublicCollection, nodeAt, type PublicCollection } from '../public-pages/public-collection';
import { renderNotFound, renderPublicPage } from '../public-pages/render-page';
import { publicAddressOf } from './sites';

/**
 * A custom site's pages: the public collection's own page, sub-collection pages and feeds (server/features/public-pages/),
 * rendered with their links under the site's root (`/sites/{name}`, or '' on its domain). Not public: the public pages'
 * one 404.
 */

export type SitePage = { kind: 'page'; sub: string } | { kind: 'rss' } | { kind: 'atom' };

const HTML = 'text/html; charset=utf-8';

function answer(c: Context, body: string, contentType: string, collection: PublicCollection) {
  const headers: Record<string, string> = {
    ...PUBLIC_PAGE_SECURITY,
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=60',
  };
  if (collection.noindex) headers['X-Robots-Tag'] = 'noindex, nofollow';
  return c.body(body, 200, headers);
}

export const siteNotFound = (c: Context) =>
  c.req.header('Accept')?.includes('text/html')
    ? c.body(renderNotFound(), 404, {
        ...PUBLIC_PAGE_SECURITY,
        'Content-Type': HTML,
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      })
    : sendError(c, 404, 'No public page at this address');

/** Serves `what` of collection `collectionId` at `root`, whose pages' absolute links start with `base`. */
export async function serveSite(
  c: Context,
  db: Db,
  collectionId: number | undefined,
  root: string,
  base: string,
  what: SitePage,
) {
  const address = collectionId === undefined ? undefined : await publicAddressOf(db, collectionId);
  const found = address && (await findPublicCollection(db, address.username, address.slug));
  if (!found) return siteNotFound(c);
  const collection: PublicCollection = { ...found, root };
  if (what.kind !== 'page') {
    const hits = await loadFeed(db, found);
    // The feeds name the collection's own public page (its canonical address) as their link.
    return what.kind === 'rss'
      ? answer(c, renderRss(found, hits, base), 'application/rss+xml; charset=utf-8', found)
      : answer(c, renderAtom(found, hits, base), 'application/atom+xml; charset=utf-8', found);
  }
  const node = nodeAt(collection.tree, what.sub);
  if (!node) return siteNotFound(c);
  const request = pageRequest(c.req.query());
  const data = await loadPage(db, collection, node, request);
  return answer(c, renderPublicPage({ collection, node, request, data, base }), HTML, collection);
}
