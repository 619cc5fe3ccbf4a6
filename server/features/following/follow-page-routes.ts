import type { Context } from 'hono';
import { parseFollowAddress } from '../../../lib/api/follow-address';
import { followPageApi } from '../../../lib/api/routes/follow-page';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { sendError } from '../../http/errors';
import { PUBLIC_PAGE_SECURITY } from '../public-pages/page-style';
import { findPublicCollection } from '../public-pages/public-collection';
import { renderNotFound } from '../public-pages/render-page';
import { renderFollowPage } from './follow-page';

const HTML = 'text/html; charset=utf-8';

/** `/follow?collection=username/slug` (mounted at the root): how to follow a public collection in Trove. */
export function followPageRoutes({ db }: Deps) {
  const answer = (c: Context, body: string, status: 200 | 404) =>
    c.body(body, status, {
      'Content-Type': HTML,
      ...PUBLIC_PAGE_SECURITY,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  return contractRoutes('').implement(followPageApi.page, async (c, { query }) => {
    const parts = parseFollowAddress(query.collection ?? '');
    const found = parts && (await findPublicCollection(db, parts.username, parts.slug));
    // as the public pages: a browser gets the 404 page, an API client (no text/html in Accept) the error envelope
    if (!found)
      return c.req.header('Accept')?.includes('text/html')
        ? answer(c, renderNotFound(), 404)
        : sendError(c, 404, 'No public collection at this address');
    const path = `/${encodeURIComponent(found.username)}/${found.slug}`;
    const page = renderFollowPage({
      name: found.name,
      username: found.username,
      address: `${found.username}/${found.slug}`,
      pageUrl: path,
    });
    return answer(c, page, 200);
  }).app;
}
