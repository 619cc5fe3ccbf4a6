import { storage } from 'wxt/utils/storage';
import type { AiSettings, UserModel } from '../api/ai-contract';
import type { Collection, Tag, User } from '../api/contract';
import type { SharedItem } from '../api/sharing-contract';
import { blockedSitesItem } from '../page/blocked-sites';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';

/**
 * Everything the background keeps. Only trusted extension contexts can read these areas (see setAccessLevel in the
 * background).
 */
export const serverUrlItem = storage.defineItem<string>('local:serverUrl', { fallback: DEFAULT_SERVER_URL });
export const refreshTokenItem = storage.defineItem<string | null>('local:refreshToken', { fallback: null });
export const userItem = storage.defineItem<User | null>('local:user', { fallback: null });
/** The short-lived access token lives in session storage: gone when the browser closes. */
export const accessTokenItem = storage.defineItem<string | null>('session:accessToken', { fallback: null });

/** The last lists the server gave, so the popup can still queue a save while the server is unreachable. */
export const cachedCollectionsItem = storage.defineItem<Collection[] | null>('local:cachedCollections', {
  fallback: null,
});
export const cachedTagsItem = storage.defineItem<Tag[] | null>('local:cachedTags', { fallback: null });
export const cachedSharedCollectionsItem = storage.defineItem<SharedItem[] | null>('local:cachedSharedCollections', {
  fallback: null,
});
/** Where right-click and keyboard saves go (a collection of the signed-in account); null is Unfiltered. */
export const quickSaveCollectionItem = storage.defineItem<number | null>('local:quickSaveCollectionId', {
  fallback: null,
});
/** The AI settings and models the side panel last had, shown at once when it opens while it asks again. */
export const lastChatModelsItem = storage.defineItem<{
  userId: number;
  settings: AiSettings;
  models: UserModel[];
} | null>('local:lastChatModels', { fallback: null });

export async function clearCredentials() {
  await Promise.all(
    [
      refreshTokenItem,
      userItem,
      accessTokenItem,
      cachedCollectionsItem,
      cachedTagsItem,
      cachedSharedCollectionsItem,
      lastChatModelsItem,
      quickSaveCollectionItem,
      blockedSitesItem,
    ].map((item) => item.removeValue()),
  );
}
