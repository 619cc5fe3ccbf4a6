import { collectionApi, collectionTreeApi } from '../../../lib/api/routes/collections';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { listGems } from '../gems/gem-lists';
import { systemClock } from '../gems/trash';
import { getUser } from '../users/users';
import { copyCollection } from './collection-copy';
import { collectionCounts, deleteCollections, subCollections } from './collection-tree';
import { createCollection, getOwnedCollection, listCollections, toCollection, updateCollection } from './collections';

/** Mounted at /api: the spec's collection paths are not all under one prefix. */
export function collectionRoutes({ db, clock = systemClock }: Deps) {
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
    .implement(collectionApi.delete, async (c, { params, query }) => {
      const user = await getUser(db, c.get('userId'));
      const { movedToCollectionId, trashedGems } = await deleteCollections(db, user, [params.id], query, clock());
      return { status: 200, body: { data: { id: params.id, movedToCollectionId, trashedGems } } };
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
    })
    .implement(collectionTreeApi.move, async (c, { params }) => ({
      status: 200,
      body: { data: await updateCollection(db, c.get('userId'), params.id, { parentId: params.dest }, 'dest') },
    }))
    .implement(collectionTreeApi.moveToRoot, async (c, { params }) => ({
      status: 200,
      body: { data: await updateCollection(db, c.get('userId'), params.id, { parentId: null }) },
    }))
    .implement(collectionTreeApi.copy, async (c, { params }) => ({
      status: 201,
      body: { data: await copyCollection(db, c.get('userId'), params.id) },
    }))
    .implement(collectionTreeApi.bulkDelete, async (c, { query, body }) => {
      const user = await getUser(db, c.get('userId'));
      const data = await deleteCollections(db, user, body.collectionIds, query, clock(), 'collectionIds');
      return { status: 200, body: { data } };
    })
    .implement(collectionTreeApi.counts, async (c) => ({
      status: 200,
      body: { data: await collectionCounts(db, c.get('userId')) },
    }))
    .implement(collectionTreeApi.children, async (c, { params, query }) => ({
      status: 200,
      body: await subCollections(db, c.get('userId'), params.id, query),
    })).app;
}
