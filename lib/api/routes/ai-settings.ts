import { z } from 'zod';
import {
  aiModelListSchema,
  aiModelsQuery,
  aiSettingsSchema,
  changeModelStatusBody,
  changeProviderStatusBody,
  selectModelBody,
  setProviderKeyBody,
  updateAiSettingsBody,
  userModelListSchema,
} from '../ai-contract';
import { dataOf } from '../core-contract';
import { defineRoute } from '../route';

const settings = {
  description: "The user's AI settings as saved (keys only masked)",
  schema: dataOf(aiSettingsSchema),
};
/** A provider's name or slug, in any case; one that names no built-in provider is a 400 naming `provider`. */
const providerParam = z.object({ provider: z.string() });

/** The model catalogue and the user's AI settings. Keys go in by provider and never come out except masked. */
export const aiSettingsApi = {
  models: defineRoute({
    method: 'get',
    path: '/api/ai-models',
    tag: 'AI settings',
    summary: 'A page of the active models of the catalogue',
    auth: 'user',
    query: aiModelsQuery,
    responses: { 200: { description: 'The page of models', schema: aiModelListSchema } },
    errors: [],
  }),
  userModels: defineRoute({
    method: 'get',
    path: '/api/user-models',
    tag: 'AI settings',
    summary: 'Every active model with how this user can use it',
    description:
      "Labels: Credits, API, Team or Inactive (with why); the user's own endpoints' models included, and those of an " +
      'endpoint a team shares with them, even once its sharer removed it (then `isActive: false`, Inactive saying so).',
    auth: 'user',
    responses: { 200: { description: "The user's models", schema: userModelListSchema } },
    errors: [],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/ai-settings',
    tag: 'AI settings',
    summary: "The user's AI settings",
    auth: 'user',
    responses: { 200: settings },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/ai-settings',
    tag: 'AI settings',
    summary: "Change any of the user's AI settings",
    description: 'Keys are set through their own route, never here.',
    auth: 'user',
    body: { type: 'json', schema: updateAiSettingsBody },
    responses: { 200: settings },
    errors: [404],
  }),
  selectModel: defineRoute({
    method: 'post',
    path: '/api/ai-settings/select-model',
    tag: 'AI settings',
    summary: 'Make a model the default text (or image) model',
    description: 'A model the user cannot use is refused with the reason (e.g. the missing-key message).',
    auth: 'user',
    body: { type: 'json', schema: selectModelBody },
    responses: { 200: settings },
    errors: [404],
  }),
  setKey: defineRoute({
    method: 'put',
    path: '/api/ai-settings/keys/{provider}',
    tag: 'AI settings',
    summary: "Set a provider's key (and base URL)",
    description: 'The key is kept encrypted and answered only as its mask (`••••1234`).',
    auth: 'user',
    params: providerParam,
    body: { type: 'json', schema: setProviderKeyBody },
    responses: { 200: settings },
    errors: [],
  }),
  removeKey: defineRoute({
    method: 'delete',
    path: '/api/ai-settings/keys/{provider}',
    tag: 'AI settings',
    summary: "Remove a provider's key",
    auth: 'user',
    params: providerParam,
    responses: { 200: settings },
    errors: [400],
  }),
  providerStatus: defineRoute({
    method: 'post',
    path: '/api/change-provider-status',
    tag: 'AI settings',
    summary: "Switch a provider's models on or off for the user",
    auth: 'user',
    body: { type: 'json', schema: changeProviderStatusBody },
    responses: { 200: settings },
    errors: [],
  }),
  modelStatus: defineRoute({
    method: 'post',
    path: '/api/change-model-status',
    tag: 'AI settings',
    summary: 'Switch one model on or off for the user',
    auth: 'user',
    body: { type: 'json', schema: changeModelStatusBody },
    responses: { 200: settings },
    errors: [404],
  }),
};
