import type { RouteDef } from '../route';
import { adminApi } from './admin';
import { authApi } from './auth';
import { collectionApi } from './collections';
import { feedbackApi } from './feedbacks';
import { gemApi } from './gems';
import { healthApi } from './health';
import { referenceApi } from './reference';
import { tagApi } from './tags';
import { uploadApi } from './uploads';
import { userApi } from './users';

/**
 * Every route in the contract, by feature: the OpenAPI document and the route tests are generated from this list.
 * A new feature's routes are added here (see README, "How to add a route").
 */
export const API: Readonly<Record<string, Readonly<Record<string, RouteDef>>>> = {
  health: healthApi,
  reference: referenceApi,
  auth: authApi,
  users: userApi,
  admin: adminApi,
  tags: tagApi,
  collections: collectionApi,
  gems: gemApi,
  uploads: uploadApi,
  feedbacks: feedbackApi,
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
  'GET /shared/chats/{token}',
  'GET /shared/chats/{token}/pictures/{file}',
  'POST /api/upload-chat-files',
  'GET /api/ai-models',
  'GET /api/user-models',
  'GET /api/ai-settings',
  'PUT /api/ai-settings',
  'POST /api/ai-settings/select-model',
  'PUT /api/ai-settings/keys/{provider}',
  'DELETE /api/ai-settings/keys/{provider}',
  'POST /api/change-provider-status',
  'POST /api/change-model-status',
  'GET /api/ai-endpoints',
  'POST /api/ai-endpoints',
  'POST /api/ai-endpoints/test',
  'POST /api/ai-endpoints/{id}/test',
  'POST /api/ai-endpoints/{id}/refresh',
  'PUT /api/ai-endpoints/{id}/context-length',
  'DELETE /api/ai-endpoints/{id}',
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
  'GET /api/memories',
  'POST /api/memories',
  'GET /api/memories/{id}',
  'PUT /api/memories/{id}',
  'DELETE /api/memories/{id}',
];
