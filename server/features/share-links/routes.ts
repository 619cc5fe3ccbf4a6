import type { Context } from 'hono';
import { shareLinkApi } from '../../../lib/api/routes/share-links';
import { checkPassword } from '../../auth/passwords';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { clientAddress, tooManyRequests } from '../../http/rate-limit';
import { pageRequest } from '../public-pages/page-data';
import { baseUrlOf } from '../uploads/upload-files';
import {
  collectionLink,
  deleteLink,
  type LinkDeps,
  listLinks,
  managedLink,
  regenerate,
  saveLink,
  toShareLink,
  updateLink,
} from './links';
import { countOpen, linkGem, linkName, linkPage, liveLink, passwordGuessAllowed, userMayOpen } from './open';

const NO_LINK = 'No link at this address';

/** Managing share links, and a signed-in user opening one (mounted at /api). */
export function shareLinkRoutes(deps: Deps) {
  const { db, files, requests } = deps;
  const linkDeps: LinkDeps = { db, secret: deps.ai.secret };
  const answer = async (c: Context, row: Parameters<typeof toShareLink>[1]) => ({
    status: 200 as const,
    body: { data: await toShareLink(linkDeps, row, baseUrlOf(files.publicUrl, c.req.url)) },
  });
  return contractRoutes<AppEnv>('/api')
    .implement(shareLinkApi.collectionLink, async (c, { params, body }) =>
      answer(c, await saveLink(linkDeps, c.get('userId'), 'collection', params.id, body.data)),
    )
    .implement(shareLinkApi.tagLink, async (c, { params, body }) =>
      answer(c, await saveLink(linkDeps, c.get('userId'), 'tag', params.id, body.data)),
    )
    .implement(shareLinkApi.gemLink, async (c, { params, body }) =>
      answer(c, await saveLink(linkDeps, c.get('userId'), 'gem', params.id, body.data)),
    )
    .implement(shareLinkApi.list, async (c, { query }) => {
      const rows = await listLinks(db, c.get('userId'), query);
      const base = baseUrlOf(files.publicUrl, c.req.url);
      const data = await Promise.all(rows.map((row) => toShareLink(linkDeps, row, base)));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(shareLinkApi.regenerateCollection, async (c, { params }) => {
      const userId = c.get('userId');
      const current = await collectionLink(db, userId, params.id).catch(() => null);
      return answer(
        c,
        current ? await regenerate(linkDeps, current) : await saveLink(linkDeps, userId, 'collection', params.id, {}),
      );
    })
    .implement(shareLinkApi.disableCollection, async (c, { params, body }) => {
      const link = await collectionLink(db, c.get('userId'), params.id);
      return answer(c, await updateLink(linkDeps, c.get('userId'), link.id, { disabled: body.data.disabled }));
    })
    .implement(shareLinkApi.collectionPassword, async (c, { params, body }) => {
      const link = await collectionLink(db, c.get('userId'), params.id);
      return answer(c, await updateLink(linkDeps, c.get('userId'), link.id, { password: body.data.password }));
    })
    .implement(shareLinkApi.update, async (c, { params, body }) =>
      answer(c, await updateLink(linkDeps, c.get('userId'), params.id, body.data)),
    )
    .implement(shareLinkApi.regenerate, async (c, { params }) =>
      answer(c, await regenerate(linkDeps, await managedLink(db, c.get('userId'), params.id))),
    )
    .implement(shareLinkApi.remove, async (c, { params }) => ({
      status: 200,
      body: { data: await deleteLink(db, c.get('userId'), params.id) },
    }))
    .implement(shareLinkApi.open, async (c, { params, body }) => {
      const userId = c.get('userId');
      const link = await liveLink(db, params.token);
      if (!link || !(await userMayOpen(db, link, userId))) throw new ApiError(404, NO_LINK);
      if (link.passwordHash && link.ownerId !== userId) {
        const decision = await passwordGuessAllowed(db, link, clientAddress(c, requests.trustedProxies));
        if (!decision.allowed) throw tooManyRequests(c, decision.retryAfterSeconds, 'Too many password guesses');
        if (!(await checkPassword(link.passwordHash, body.data.password ?? '')))
          throw fieldError(
            403,
            'data.password',
            body.data.password ? 'Wrong password' : 'This link needs its password',
          );
      }
      const request = pageRequest({ q: body.data.q, tag: body.data.tag, page: String(body.data.page ?? 1) });
      const name = await linkName(db, link);
      if (link.kind === 'gem') {
        const gem = await linkGem(db, link);
        if (!gem) throw new ApiError(404, NO_LINK);
        await countOpen(db, link);
        return { status: 200, body: { data: { kind: link.kind, name, gems: [gem], total: 1, page: 1 } } };
      }
      const data = await linkPage(db, link, request);
      await countOpen(db, link);
      return {
        status: 200,
        body: { data: { kind: link.kind, name, gems: data.hits, total: data.total, page: request.page } },
      };
    }).app;
}
