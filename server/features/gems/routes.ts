import type { Context } from 'hono';
import type { z } from 'zod';
import type { createGemBody } from '../../../lib/api/contract';
import { gemApi, gemEditApi } from '../../../lib/api/routes/gems';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { editGems } from './gem-edits';
import { gemsAtUrl, listLibrary } from './gem-lists';
import { placeGem } from './gem-order';
import { summaryOf } from './gems';
import { addedGemsAtUrl, editGem, likeGem, readGem, saveGem, trashGems } from './shared-gems';
import { systemClock } from './trash';

type GemInput = z.output<typeof createGemBody>['data'];

/** The gem ids are numeric, so `/gems/{id}` never shadows another path. */
const numericId = { match: { id: '[0-9]+' } };

/**
 * Mounted at /api. The typed endpoints (`/code`, `/pdf`, `/audios`, `/videos`) are `POST /gems` with the media type
 * fixed; each honours `Idempotency-Key` (a retry answers the first gem with 200).
 */
export function gemRoutes({ db, files, clock = systemClock }: Deps) {
  const save = async (c: Context<AppEnv>, key: string | undefined, data: GemInput) => {
    const { gem, created } = await saveGem(db, c.get('owner'), data, key);
    const body = { data: summaryOf(gem) };
    return created ? { status: 201 as const, body } : { status: 200 as const, body };
  };
  return contractRoutes<AppEnv>('/api')
    .implement(gemApi.create, (c, { headers, body }) => save(c, headers['Idempotency-Key'], body.data))
    .implement(gemApi.createCode, (c, { headers, body }) => save(c, headers['Idempotency-Key'], body.data))
    .implement(gemApi.createPdf, (c, { headers, body }) => save(c, headers['Idempotency-Key'], body.data))
    .implement(gemApi.createAudio, (c, input) => {
      // `?isRecord=true|false` is stored as `media.isRecord` (over the body's)
      const { isRecord } = input.query;
      const data =
        isRecord === undefined
          ? input.body.data
          : { ...input.body.data, media: { ...input.body.data.media, isRecord } };
      return save(c, input.headers['Idempotency-Key'], data);
    })
    .implement(gemApi.createVideo, (c, { headers, body }) => save(c, headers['Idempotency-Key'], body.data))
    .implement(
      gemApi.get,
      async (c, { params }) => ({ status: 200, body: { data: await readGem(db, c.get('owner'), params.id) } }),
      numericId,
    )
    .implement(
      gemApi.update,
      async (c, { params, body: { data } }) => ({
        status: 200,
        body: { data: await editGem(db, c.get('owner'), params.id, data) },
      }),
      numericId,
    )
    .implement(
      gemApi.delete,
      async (c, { params }) => ({
        status: 200,
        body: {
          data: { id: (await trashGems(db, files.store, c.get('userId'), [params.id], clock))[0] ?? params.id },
        },
      }),
      numericId,
    )
    .implement(gemApi.library, async (c, { query }) => ({
      status: 200,
      body: await listLibrary(db, c.get('owner'), query),
    }))
    .implement(gemApi.atUrl, async (c, { query: { url } }) => {
      const data = [...(await gemsAtUrl(db, c.get('owner'), url)), ...(await addedGemsAtUrl(db, c.get('userId'), url))];
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(gemEditApi.deleteMany, async (c, { body }) => ({
      status: 200,
      body: { data: { ids: await trashGems(db, files.store, c.get('userId'), body.ids, clock, 'ids') } },
    }))
    .implement(gemEditApi.editMany, async (c, { body }) => {
      const data = await editGems(db, c.get('owner'), body.bookmarks);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(
      gemEditApi.like,
      async (c, { params }) => ({ status: 200, body: { data: await likeGem(db, c.get('userId'), params.id) } }),
      numericId,
    )
    .implement(
      gemEditApi.position,
      async (c, { params, body }) => ({
        status: 200,
        body: { data: await placeGem(db, c.get('userId'), params.id, body) },
      }),
      numericId,
    ).app;
}
