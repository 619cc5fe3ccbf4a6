import { Hono } from 'hono';
import {
  createGemBody,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  idSchema,
  pageQuery,
  updateGemBody,
  urlQuery,
} from '../../lib/api/contract';
import type { AppEnv, Deps } from '../http/env';
import { header, jsonBody, param, query } from '../http/validate';
import { createGem, deleteGem, gemsAtUrl, getGem, listGems, updateGem } from '../services/gems';
import { getUser } from '../services/users';

/** Mounted at /api. Gem ids are numeric, so `/gems/:id{[0-9]+}` never shadows other paths. */
export function gemRoutes({ db }: Deps) {
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idSchema);
  return new Hono<AppEnv>()
    .post('/gems', async (c) => {
      const key = header(c, IDEMPOTENCY_HEADER, idempotencyKeySchema);
      const { data } = await jsonBody(c, createGemBody);
      const user = await getUser(db, c.get('userId'));
      const owner = { id: user.id, username: user.username, unfilteredCollectionId: user.unfilteredCollectionId };
      const { gem, created } = await createGem(db, owner, data, key);
      return c.json({ data: gem }, created ? 201 : 200);
    })
    .get('/gems/:id{[0-9]+}', async (c) => c.json({ data: await getGem(db, c.get('userId'), id(c)) }))
    .put('/gems/:id{[0-9]+}', async (c) => {
      const gemId = id(c);
      const { data } = await jsonBody(c, updateGemBody);
      return c.json({ data: await updateGem(db, c.get('userId'), gemId, data) });
    })
    .delete('/gems/:id{[0-9]+}', async (c) => c.json({ data: await deleteGem(db, c.get('userId'), id(c)) }))
    .get('/get-all-bookmark', async (c) => c.json(await listGems(db, c.get('userId'), query(c, pageQuery))))
    .get('/gems-at-url', async (c) => {
      const { url } = query(c, urlQuery);
      const data = await gemsAtUrl(db, c.get('userId'), url);
      return c.json({ data, total: data.length });
    });
}
