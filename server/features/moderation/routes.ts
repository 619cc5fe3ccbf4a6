import type { Context } from 'hono';
import { moderationApi } from '../../../lib/api/routes/moderation';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { enforceLimit } from '../../http/rate-limit';
import { baseUrlOf } from '../uploads/upload-files';
import { collectionOffers, decideOffer, moderationInbox, myOffers, offerGem } from './offers';

/** Offering gems to public collections and moderating them; mounted at /api. */
export function moderationRoutes({ db, files, requests }: Deps) {
  const base = (c: Context) => baseUrlOf(files.publicUrl, c.req.url);
  return contractRoutes<AppEnv>('/api')
    .implement(moderationApi.offer, async (c, { body }) => {
      const userId = c.get('userId');
      await enforceLimit(c, db, requests.limits.offer, `offer:user:${userId}`, 'Too many offers');
      return { status: 201, body: { data: await offerGem(db, userId, body.data, base(c)) } };
    })
    .implement(moderationApi.mine, async (c, { query }) => {
      const { data, total } = await myOffers(db, c.get('userId'), query, base(c));
      return { status: 200, body: { data, total, page: query.page, perPage: query.perPage } };
    })
    .implement(moderationApi.inbox, async (c, { query }) => {
      const { data, total } = await moderationInbox(db, c.get('userId'), query, base(c));
      return { status: 200, body: { data, total, page: query.page, perPage: query.perPage } };
    })
    .implement(moderationApi.pending, async (c, { params, query }) => {
      const { data, total } = await collectionOffers(db, c.get('userId'), params.id, 'pending', query, base(c));
      return { status: 200, body: { data, total, page: query.page, perPage: query.perPage } };
    })
    .implement(moderationApi.processed, async (c, { params, query }) => {
      const { data, total } = await collectionOffers(db, c.get('userId'), params.id, 'processed', query, base(c));
      return { status: 200, body: { data, total, page: query.page, perPage: query.perPage } };
    })
    .implement(moderationApi.decide, async (c, { params, body }) => {
      const offer = await decideOffer(
        db,
        c.get('userId'),
        params.id,
        params.gemId,
        body.data.status,
        base(c),
        files.store,
      );
      return { status: 200, body: { data: offer } };
    }).app;
}
