import type { Context } from 'hono';
import { followingApi } from '../../../lib/api/routes/following';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { baseUrlOf } from '../uploads/upload-files';
import { follow, followedGems, listFollows, markSeen, unfollow } from './follows';

/** Following public collections; mounted at /api. */
export function followingRoutes({ db, files }: Deps) {
  const base = (c: Context) => baseUrlOf(files.publicUrl, c.req.url);
  return contractRoutes<AppEnv>('/api')
    .implement(followingApi.follow, async (c, { body }) => {
      const userId = c.get('userId');
      const id = await follow(db, userId, body.data);
      const followed = (await listFollows(db, userId, base(c))).find((f) => f.collectionId === id);
      if (!followed) throw new Error('the follow just made is not listed');
      return { status: 201, body: { data: followed } };
    })
    .implement(followingApi.unfollow, async (c, { body }) => {
      await unfollow(db, c.get('userId'), body.data.collectionId);
      return { status: 200, body: { data: { id: body.data.collectionId } } };
    })
    .implement(followingApi.followed, async (c) => {
      const data = await listFollows(db, c.get('userId'), base(c));
      const newCount = data.reduce((sum, f) => sum + f.newCount, 0);
      return { status: 200, body: { data, total: data.length, newCount } };
    })
    .implement(followingApi.gems, async (c, { query }) => {
      const { data, total } = await followedGems(db, c.get('userId'), query.page, query.perPage);
      return { status: 200, body: { data, total, page: query.page, perPage: query.perPage } };
    })
    .implement(followingApi.seen, async (c) => {
      const seenAt = await markSeen(db, c.get('userId'));
      return { status: 200, body: { data: { seenAt: seenAt.toISOString() } } };
    }).app;
}
