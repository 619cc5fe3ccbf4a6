import type { RouteDef } from '../route';
import { aiEndpointApi } from './ai-endpoints';
import { aiSettingsApi } from './ai-settings';
import { healthApi } from './health';
import { memoryApi } from './memories';
import { referenceApi } from './reference';
import { tagApi } from './tags';

/**
 * Every route in the contract, by feature: the OpenAPI document and the route tests are generated from this list.
 * A new feature's routes are added here (see README, "How to add a route").
 */
export const API: Readonly<Record<string, Readonly<Record<string, RouteDef>>>> = {
  health: healthApi,
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
  'GET /shared/chats/{token}',
  'GET /shared/chats/{token}/pictures/{file}',
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
  'POST /api/upload-chat-files',
  'GET /api/chats/history',
  'GET /api/chats/collections',
  'GET /api/chats/{id}/export',
  'POST /api/chats/{id}/duplicate',
  'POST /api/messages/{id}/fork',
  'POST /api/chats',
  'PUT /api/chats/{id}',
  'DELETE /api/chats/{id}',
  'POST /api/chats/context-size',
  'GET /api/chats/{id}/messages',
  'POST /api/chats/temporary/messages',
  'POST /api/chats/{id}/messages',
  'GET /api/messages/{id}/stream',
  'POST /api/messages/{id}/regenerate',
  'POST /api/chats/{id}/pictures',
  'POST /api/messages/{id}/image-gem',
  'POST /api/messages/{id}/stop',
  'POST /api/messages/{id}/memory-proposal',
  'POST /api/chats/{id}/share',
  'GET /api/chats/{id}/share',
  'DELETE /api/chats/{id}/share',
  'GET /api/prompts',
  'POST /api/prompts',
  'GET /api/prompts/{id}',
  'PUT /api/prompts/{id}',
  'DELETE /api/prompts/{id}',
  'POST /api/prompts/{id}/optimize',
  'GET /api/fetch-public-prompts',
  'GET /api/fetch-public-expanders',
  'POST /api/chats/{id}/prompt',
  'POST /api/messages/{id}/prompt',
  'GET /api/brand-voices',
  'POST /api/brand-voices',
  'GET /api/brand-voices/{id}',
  'PUT /api/brand-voices/{id}',
  'DELETE /api/brand-voices/{id}',
  'GET /api/personas',
  'POST /api/personas',
  'GET /api/personas/{id}',
  'PUT /api/personas/{id}',
  'DELETE /api/personas/{id}',
];
