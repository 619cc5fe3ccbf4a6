import type { RouteDef } from '../route';
import { aiEndpointApi } from './ai-endpoints';
import { aiSettingsApi } from './ai-settings';
import { chatFileApi } from './chat-files';
import { chatHistoryApi } from './chat-history';
import { chatShareApi, sharedChatApi } from './chat-shares';
import { chatApi } from './chats';
import { healthApi } from './health';
import { brandVoiceApi, personaApi } from './instructions';
import { memoryApi } from './memories';
import { promptApi } from './prompts';
import { referenceApi } from './reference';
import { tagApi } from './tags';

/**
 * Every route in the contract, by feature: the OpenAPI document and the route tests are generated from this list.
 * A new feature's routes are added here (see README, "How to add a route").
 */
export const API: Readonly<Record<string, Readonly<Record<string, RouteDef>>>> = {
  health: healthApi,
  chats: chatApi,
  chatHistory: chatHistoryApi,
  chatShares: chatShareApi,
  sharedChats: sharedChatApi,
  chatFiles: chatFileApi,
  prompts: promptApi,
  brandVoices: brandVoiceApi,
  personas: personaApi,
  reference: referenceApi,
  aiSettings: aiSettingsApi,
  aiEndpoints: aiEndpointApi,
  memories: memoryApi,
  tags: tagApi,
};

/** Every route of the contract with its operation id (`feature.name`). */
export const contractRoutes = (): { id: string; route: RouteDef }[] =>
  Object.entries(API).flatMap(([feature, routes]) =>
    Object.entries(routes).map(([name, route]) => ({ id: `${feature}.${name}`, route })),
  );

/**
 * Routes the server mounts that are not yet defined in the contract (`METHOD /path`, parameters as `{name}`). The
 * route tests read this list; converting a route moves it from here into a file of lib/api/routes/.
 */
export const NOT_YET_IN_CONTRACT: readonly string[] = [
  'POST /api/auth/local/register',
  'POST /api/auth/local',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/admin/feedbacks',
  'GET /uploads/{file}',
  'GET /api/users/me',
  'GET /api/get-user-collections',
  'POST /api/collections',
  'GET /api/collections/{id}',
  'PUT /api/collections/{id}',
  'DELETE /api/collections/{id}',
  'GET /api/collections/{id}/bookmarks',
  'POST /api/gems',
  'POST /api/code',
  'POST /api/pdf',
  'POST /api/audios',
  'POST /api/videos',
  'GET /api/gems/{id}{[0-9]+}',
  'PUT /api/gems/{id}{[0-9]+}',
  'DELETE /api/gems/{id}{[0-9]+}',
  'GET /api/get-all-bookmark',
  'GET /api/gems-at-url',
  'POST /api/feedbacks',
  'GET /api/feedbacks',
  'POST /api/upload',
  'DELETE /api/upload/{id}{[0-9]+}',
  'POST /api/upload-all-file',
];
