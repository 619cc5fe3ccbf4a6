import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  audioGemQuery,
  createAudioGemBody,
  createCodeGemBody,
  createGemBody,
  createPdfGemBody,
  createVideoGemBody,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  idParamSchema,
  pageQuery,
  updateGemBody,
  urlQuery,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { header, jsonBody, param, query } from '../../http/validate';
import { createGem, deleteGem, gemsAtUrl, getGem, listLibrary, updateGem } from './gems';

type GemInput = z.output<typeof createGemBody>['data'];

type Refine = (c: Context<AppEnv>) => (data: GemInput) => GemInput;

/**
 * A POST route creating one gem from `{data: …}` validated by `schema`, honouring `Idempotency-Key`
 * (a retry answers the first gem with 200). `refine` checks the query and adds what it says.
 */
function createGemRoute(db: Deps['db'], schema: z.ZodType<{ data: GemInput }>, refine?: Refine) {
  return async (c: Context<AppEnv>) => {
    const key = header(c, IDEMPOTENCY_HEADER, idempotencyKeySchema);
    const fromQuery = refine?.(c);
    const { data } = await jsonBody(c, schema);
    const { gem, created } = await createGem(db, c.get('owner'), fromQuery ? fromQuery(data) : data, key);
    return c.json({ data: gem }, created ? 201 : 200);
  };
}

/** `?isRecord=true|false` on POST /api/audios, stored as `media.isRecord` (over the body's). */
const withIsRecord: Refine = (c) => {
  const { isRecord } = query(c, audioGemQuery);
  return (data) => (isRecord === undefined ? data : { ...data, media: { ...data.media, isRecord } });
};

/**
 * Mounted at /api. Gem ids are numeric, so `/gems/:id{[0-9]+}` never shadows other paths. The typed
 * endpoints (`/code`, `/pdf`, `/audios`, `/videos`) are `POST /gems` with the media type fixed.
 */
export function gemRoutes({ db, files }: Deps) {
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .post('/gems', createGemRoute(db, createGemBody))
    .post('/code', createGemRoute(db, createCodeGemBody))
    .post('/pdf', createGemRoute(db, createPdfGemBody))
    .post('/audios', createGemRoute(db, createAudioGemBody, withIsRecord))
    .post('/videos', createGemRoute(db, createVideoGemBody))
    .get('/gems/:id{[0-9]+}', async (c) => c.json({ data: await getGem(db, c.get('owner'), id(c)) }))
    .put('/gems/:id{[0-9]+}', async (c) => {
      const gemId = id(c);
      const { data } = await jsonBody(c, updateGemBody);
      return c.json({ data: await updateGem(db, c.get('owner'), gemId, data) });
    })
    .delete('/gems/:id{[0-9]+}', async (c) =>
      c.json({ data: await deleteGem(db, files.store, c.get('userId'), id(c)) }),
    )
    .get('/get-all-bookmark', async (c) => c.json(await listLibrary(db, c.get('owner'), query(c, pageQuery))))
    .get('/gems-at-url', async (c) => {
      const { url } = query(c, urlQuery);
      const data = await gemsAtUrl(db, c.get('owner'), url);
      return c.json({ data, total: data.length });
    });
}
