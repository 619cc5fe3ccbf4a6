import { queryOptions } from '@tanstack/react-query';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { unwrap } from '../app/background-result';

// No React here: the side panel's first script prefetches these before React loads (components/chat/prefetch.ts).

/** The user's AI settings and models, shared by the options page and the side panel. */
export const aiSettingsKeys = {
  settings: ['ai-settings'] as const,
  models: ['ai-user-models'] as const,
};

/** The user's AI settings, as the background fetches them from the server. */
export const aiSettingsQuery = (background: BackgroundClient) =>
  queryOptions({ queryKey: aiSettingsKeys.settings, queryFn: async () => unwrap(await background.getAiSettings()) });

/** The user's models with their labels (API, Credits, Inactive…). */
export const userModelsQuery = (background: BackgroundClient) =>
  queryOptions({ queryKey: aiSettingsKeys.models, queryFn: async () => unwrap(await background.listUserModels()) });
