import { collectionApi } from '../../../lib/api/routes/collections';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { listGems } from '../gems/gems';
import { getUser } from '../users/users';
import {
  createCollection,
  deleteCollection,
  getOwnedCollection,
  listCollections,
  toCollection,
  updateCollection,
} from './collections';

/** Mounted at /api: the spec's collection paths are not all under one prefix. */
export function collectionRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(collectionApi.list, async (c) => {
      const data = await listCollections(db, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(collectionApi.create, async (c, { body: { data } }) => ({
      status: 201,
      body: { data: await createCollection(db, c.get('userId'), data) },
    }))
    .implement(collectionApi.get, async (c, { params }) => {
      const row = await getOwnedCollection(db, c.get('userId'), params.id);
      return { status: 200, body: { data: toCollection(row) } };
    })
    .implement(collectionApi.update, async (c, { params, body: { data } }) => ({
      status: 200,
      body: { data: await updateCollection(db, c.get('userId'), params.id, data) },
    }))
    .implement(collectionApi.delete, async (c, { params }) => {
      const user = await getUser(db, c.get('userId'));
      return {
        status: 200,
        body: {
          data: { ...(await deleteCollection(db, user.id, params.id, user.unfilteredCollectionId)), trashedGems: 0 },
        },
      };
    })
    .implement(collectionApi.bookmarks, async (c, { params, query: q }) => {
      const row = await getOwnedCollection(db, c.get('userId'), params.id);
      const list = await listGems(db, c.get('owner'), {
        page: q.page,
        perPage: q.perPage,
        collectionId: row.id,
        mediaType: q.media_type,
        sortBy: q.sortBy,
      });
      const hasMore = q.page * q.perPage < list.total;
      return { status: 200, body: { data: { ...toCollection(row), bookmarks: list.data, page: q.page, hasMore } } };
    }).app;
}
