import type { WxtStorageItem } from 'wxt/utils/storage';
import { CallError } from '../api/call-error';
import { type CreateGemInput, IDEMPOTENCY_HEADER, type UpdateGemInput } from '../api/contract';
import { collectionApi } from '../api/routes/collections';
import { gemApi } from '../api/routes/gems';
import { sharingApi } from '../api/routes/sharing';
import { suggestionApi } from '../api/routes/suggestions';
import { tagApi } from '../api/routes/tags';
import { addsGems } from '../api/sharing-contract';
import { withSubCollections } from '../library/shared-collections';
import type { SaveEndpoint } from '../messaging/protocol';
import { api } from './api-client';
import { cachedCollectionsItem, cachedSharedCollectionsItem, cachedTagsItem } from './stores';

/** Loads a list and remembers it; when the server cannot be reached, the remembered list stands in. */
async function withOfflineCopy<T>(
  item: WxtStorageItem<T | null, Record<string, unknown>>,
  load: () => Promise<T>,
): Promise<T> {
  try {
    const value = await load();
    await item.setValue(value);
    return value;
  } catch (error) {
    const cached = error instanceof CallError && error.ui.kind === 'offline' ? await item.getValue() : null;
    if (cached) return cached;
    throw error;
  }
}

/** The route of each save endpoint. */
const SAVE_ROUTES = {
  gems: gemApi.create,
  code: gemApi.createCode,
  pdf: gemApi.createPdf,
  audios: gemApi.createAudio,
  videos: gemApi.createVideo,
} as const;

/** The user's gems, collections and tags on the server, as the extension's pages use them. */
export const listCollections = () =>
  withOfflineCopy(cachedCollectionsItem, async () => (await api.call(collectionApi.list)).data);

/** The collections others shared with the user that their role lets them add gems to, their sub-collections too. */
export const listSharedCollections = () =>
  withOfflineCopy(cachedSharedCollectionsItem, async () =>
    withSubCollections((await api.call(sharingApi.sharedWithMe)).data.collections.filter((s) => addsGems(s.role))),
  );

export const createCollection = async (input: { name: string; parentId?: number | null }) =>
  (await api.call(collectionApi.create, { body: { data: input } })).data;

export const getSuggestionSettings = async () => (await api.call(suggestionApi.settings)).data;

export const listTags = () => withOfflineCopy(cachedTagsItem, async () => (await api.call(tagApi.list)).data);

export const findGemsAtUrl = async (url: string) => (await api.call(gemApi.atUrl, { query: { url } })).data;

/**
 * Creates a gem at once, on the general or a typed endpoint. Saves from the UI go through the queue (saves.ts), which
 * uses this.
 */
export const createGem = async (input: { idempotencyKey: string; gem: CreateGemInput; endpoint?: SaveEndpoint }) =>
  // the typed endpoints take the fields of POST /api/gems, their media type fixed (the server checks it)
  (
    await api.call(SAVE_ROUTES[input.endpoint ?? 'gems'] as typeof gemApi.create, {
      body: { data: input.gem },
      headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    })
  ).data;

export const updateGem = async (input: { id: number; gem: UpdateGemInput }) =>
  (await api.call(gemApi.update, { params: { id: input.id }, body: { data: input.gem } })).data;

export const deleteGem = async (input: { id: number }) =>
  (await api.call(gemApi.delete, { params: { id: input.id } })).data;

export const listGems = (input: { page: number; perPage?: number }) =>
  api.call(gemApi.library, { query: { page: input.page, perPage: input.perPage ?? 20 } });
