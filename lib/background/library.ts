import type { WxtStorageItem } from 'wxt/utils/storage';
import { z } from 'zod';
import { CallError } from '../api/call-error';
import {
  type CreateGemInput,
  collectionSchema,
  dataOf,
  gemListSchema,
  gemSchema,
  IDEMPOTENCY_HEADER,
  listOf,
  type UpdateGemInput,
} from '../api/contract';
import { tagApi } from '../api/routes/tags';
import type { SaveEndpoint } from '../messaging/protocol';
import { api, callApi } from './api-client';
import { cachedCollectionsItem, cachedTagsItem } from './stores';

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

/** The user's gems, collections and tags on the server, as the extension's pages use them. */
export const listCollections = () =>
  withOfflineCopy(
    cachedCollectionsItem,
    async () => (await callApi('get', 'get-user-collections', listOf(collectionSchema))).data,
  );

export const createCollection = async (input: { name: string; parentId?: number | null }) =>
  (await callApi('post', 'collections', dataOf(collectionSchema), { json: { data: input } })).data;

export const listTags = () => withOfflineCopy(cachedTagsItem, async () => (await api.call(tagApi.list)).data);

export const findGemsAtUrl = async (url: string) =>
  (await callApi('get', 'gems-at-url', z.object({ data: z.array(gemSchema) }), { searchParams: { url } })).data;

/**
 * Creates a gem at once, on the general or a typed endpoint. Saves from the UI go through the queue (saves.ts), which
 * uses this.
 */
export const createGem = async (input: { idempotencyKey: string; gem: CreateGemInput; endpoint?: SaveEndpoint }) =>
  (
    await callApi('post', input.endpoint ?? 'gems', dataOf(gemSchema), {
      json: { data: input.gem },
      headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    })
  ).data;

export const updateGem = async (input: { id: number; gem: UpdateGemInput }) =>
  (await callApi('put', `gems/${input.id}`, dataOf(gemSchema), { json: { data: input.gem } })).data;

export const deleteGem = async (input: { id: number }) =>
  (await callApi('delete', `gems/${input.id}`, dataOf(z.object({ id: z.number() })))).data;

export const listGems = (input: { page: number; perPage?: number }) =>
  callApi('get', 'get-all-bookmark', gemListSchema, {
    searchParams: { page: input.page, perPage: input.perPage ?? 20 },
  });
