import { queryOptions } from '@tanstack/react-query';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { unwrap } from '../../app/background-result';

export const AI_SETTINGS_KEY = ['ai-settings'] as const;
export const USER_MODELS_KEY = ['ai-user-models'] as const;

/** The user's AI settings, as the background fetches them from the server. */
export const aiSettingsQuery = (background: BackgroundClient) =>
  queryOptions({ queryKey: AI_SETTINGS_KEY, queryFn: async () => unwrap(await background.getAiSettings()) });

/** The user's models with their labels (API, Credits, Inactive…). */
export const userModelsQuery = (background: BackgroundClient) =>
  queryOptions({ queryKey: USER_MODELS_KEY, queryFn: async () => unwrap(await background.listUserModels()) });
