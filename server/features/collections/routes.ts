import { Hono } from 'hono';
import {
  collectionBookmarksQuery,
  createCollectionBody,
  idParamSchema,
  updateCollectionBody,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, param, query } from '../../http/validate';
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
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .get('/get-user-collections', async (c) => {
      const data = await listCollections(db, c.get('userId'));
      return c.json({ data, total: data.length });
    })
    .post('/collections', async (c) => {
      const { data } = await jsonBody(c, createCollectionBody);
      return c.json({ data: await createCollection(db, c.get('userId'), data) }, 201);
    })
    .get('/collections/:id', async (c) => {
      const row = await getOwnedCollection(db, c.get('userId'), id(c));
      return c.json({ data: toCollection(row) });
    })
    .put('/collections/:id', async (c) => {
      const collectionId = id(c);
      const { data } = await jsonBody(c, updateCollectionBody);
      return c.json({ data: await updateCollection(db, c.get('userId'), collectionId, data) });
    })
    .delete('/collections/:id', async (c) => {
      const user = await getUser(db, c.get('userId'));
      return c.json({ data: await deleteCollection(db, user.id, id(c), user.unfilteredCollectionId) });
    })
    .get('/collections/:id/bookmarks', async (c) => {
      const row = await getOwnedCollection(db, c.get('userId'), id(c));
      const q = query(c, collectionBookmarksQuery);
      const list = await listGems(db, c.get('owner'), {
        page: q.page,
        perPage: q.perPage,
        collectionId: row.id,
        mediaType: q.media_type,
        sortBy: q.sortBy,
      });
      return c.json({
        data: { ...toCollection(row), bookmarks: list.data, page: q.page, hasMore: q.page * q.perPage < list.total },
      });
    });
}
