import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { publicCollectionApi, publicPageApi } from '../../../lib/api/routes/public-collections';
import { isReservedUsername } from '../../../lib/api/validators';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { sendError } from '../../http/errors';
import { systemClock } from '../gems/trash';
import { baseUrlOf } from '../uploads/upload-files';
import { getUser } from '../users/users';
import { renderAtom, renderRss, renderSitemap } from './feeds';
import { loadFeed, loadPage, pageRequest } from './page-data';
import { PUBLIC_PAGE_SECURITY } from './page-style';
import { findPublicCollection, nodeAt } from './public-collection';
import { getPublicSettings, toPublicSettings, unpublish, updatePublicSettings } from './publishing';
import { renderNotFound, renderPublicPage } from './render-page';

/** Publishing a collection: the owner's routes (mounted at /api behind the user check). */
export function publicCollectionRoutes({ db, files, clock = systemClock }: Deps) {
  const settings = async (c: Context<AppEnv>, row: Parameters<typeof toPublicSettings>[0]) => {
    const user = await getUser(db, c.get('userId'));
    return {
      status: 200 as const,
      body: { data: toPublicSettings(row, baseUrlOf(files.publicUrl, c.req.url), user.username) },
    };
  };
  return contractRoutes<AppEnv>('/api')
    .implement(publicCollectionApi.get, async (c, { params }) =>
      settings(c, await getPublicSettings(db, c.get('userId'), params.id)),
    )
    .implement(publicCollectionApi.update, async (c, { params, body }) =>
      settings(c, await updatePublicSettings(db, c.get('userId'), params.id, body.data, clock())),
    )
    .implement(publicCollectionApi.seoDetails, async (c, { params, body }) =>
      settings(c, await updatePublicSettings(db, c.get('userId'), params.id, body.data, clock())),
    )
    .implement(publicCollectionApi.unpublish, async (c, { params }) =>
      settings(c, await unpublish(db, c.get('userId'), params.id, clock())),
    ).app;
}

/** Browsers and feed readers may keep a page a minute; after that they ask again with its ETag. */
const CACHE_CONTROL = 'public, max-age=60';

/** The answer of a public page or feed: its security and caching headers, or a 304 when the visitor has this one. */
function publicAnswer(c: Context, body: string, contentType: string, status: 200 | 404 = 200): Response {
  const headers: Record<string, string> = { 'Content-Type': contentType, ...PUBLIC_PAGE_SECURITY };
  if (status === 404) return c.body(body, 404, { ...headers, 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  Object.assign(headers, { ETag: etag, 'Cache-Control': CACHE_CONTROL });
  const known = c.req.header('If-None-Match');
  if (known?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
  return c.body(body, 200, headers);
}

const HTML = 'text/html; charset=utf-8';
const NOT_FOUND = 'No public page at this address';
/** A browser gets the 404 page; an API client (no text/html in Accept) the API's error envelope. */
const notFound = (c: Context) =>
  c.req.header('Accept')?.includes('text/html')
    ? publicAnswer(c, renderNotFound(), HTML, 404)
    : sendError(c, 404, NOT_FOUND);

/**
 * Any segment without a dot matches (a dot is a file: `feed.rss`, `sitemap.xml`), so every page-shaped address gets
 * the same 404 page; findPublicCollection checks the username and slug themselves.
 */
const match = { username: '[^/.]+', slug: '[^/.]+', sub: '[^.]+' };

/**
 * Mounted at the root after every other path: the public pages. A reserved name (api, shared, uploads…) is never a
 * user's page, so such a path gets the app's own "No route" 404.
 */
export function publicPageRoutes({ db, files }: Deps) {
  const base = (c: Context) => baseUrlOf(files.publicUrl, c.req.url);
  const find = async (params: { username: string; slug: string }) =>
    isReservedUsername(params.username) ? null : findPublicCollection(db, params.username, params.slug);
  const page = async (c: Context, params: { username: string; slug: string; sub?: string }, query: object) => {
    if (isReservedUsername(params.username)) return sendError(c, 404, `No route for ${c.req.method} ${c.req.path}`);
    const collection = await find(params);
    const node = collection && nodeAt(collection.tree, params.sub ?? '');
    if (!collection || !node) return notFound(c);
    const request = pageRequest(query);
    const data = await loadPage(db, collection, node, request);
    const html = renderPublicPage({ collection, node, request, data, base: base(c) });
    const answer = publicAnswer(c, html, HTML);
    if (collection.noindex) answer.headers.set('X-Robots-Tag', 'noindex, nofollow');
    return answer;
  };
  const feed =
    (kind: 'rss' | 'atom') =>
    async (c: Context, { params }: { params: { username: string; slug: string } }) => {
      const collection = await find(params);
      if (!collection) return notFound(c);
      const hits = await loadFeed(db, collection);
      const xml = kind === 'rss' ? renderRss(collection, hits, base(c)) : renderAtom(collection, hits, base(c));
      const answer = publicAnswer(
        c,
        xml,
        kind === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8',
      );
      if (collection.noindex) answer.headers.set('X-Robots-Tag', 'noindex, nofollow');
      return answer;
    };
  return contractRoutes('')
    .implement(publicPageApi.sitemap, async (c) =>
      publicAnswer(c, await renderSitemap(db, base(c)), 'application/xml; charset=utf-8'),
    )
    .implement(publicPageApi.rss, feed('rss'), { match })
    .implement(publicPageApi.atom, feed('atom'), { match })
    .implement(publicPageApi.page, (c, { params, query }) => page(c, params, query), { match })
    .implement(publicPageApi.subPage, (c, { params, query }) => page(c, params, query), { match }).app;
}
