import { z } from 'zod';
import {
  type AiSettings,
  aiSettingsSchema,
  type ConnectionTest,
  type CreateCustomEndpointInput,
  type CustomEndpoint,
  connectionTestSchema,
  customEndpointListSchema,
  customEndpointSchema,
  type TestCustomEndpointInput,
  type UpdateAiSettingsInput,
  type UserModel,
  userModelListSchema,
} from '../api/ai-contract';
import { dataOf } from '../api/contract';
import { callApi } from './api-client';

/**
 * The user's AI settings and models on the server (README "AI models and settings"). A provider key
 * passes straight through to the server here and is never written to the browser's storage: the
 * server keeps it encrypted and only ever answers its mask (`••••1234`).
 */

const settingsAnswer = dataOf(aiSettingsSchema);

export const getAiSettings = async (): Promise<AiSettings> =>
  (await callApi('get', 'ai-settings', settingsAnswer)).data;

/** "OpenAI gpt-4.1" for a bug report's diagnostics; null when none is set or the settings cannot be read. */
export async function describeDefaultModel(): Promise<string | null> {
  const settings = await getAiSettings().catch(() => null);
  if (!settings?.defaultModel) return null;
  return [settings.defaultAI, settings.defaultModel].filter(Boolean).join(' ');
}

export const listUserModels = async (): Promise<UserModel[]> =>
  (await callApi('get', 'user-models', userModelListSchema)).data;

export const updateAiSettings = async (input: UpdateAiSettingsInput): Promise<AiSettings> =>
  (await callApi('put', 'ai-settings', settingsAnswer, { json: input })).data;

export const selectModel = async (input: { modelId: number; kind: 'text' | 'image' }): Promise<AiSettings> =>
  (await callApi('post', 'ai-settings/select-model', settingsAnswer, { json: input })).data;

export const setProviderKey = async (input: {
  provider: string;
  apiKey?: string;
  baseUrl?: string | null;
}): Promise<AiSettings> => {
  const { provider, apiKey, baseUrl } = input;
  const json = { ...(apiKey ? { apiKey } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}) };
  return (await callApi('put', `ai-settings/keys/${encodeURIComponent(provider)}`, settingsAnswer, { json })).data;
};

export const removeProviderKey = async (input: { provider: string }): Promise<AiSettings> =>
  (await callApi('delete', `ai-settings/keys/${encodeURIComponent(input.provider)}`, settingsAnswer)).data;

const endpointAnswer = dataOf(customEndpointSchema);

export const listCustomEndpoints = async (): Promise<CustomEndpoint[]> =>
  (await callApi('get', 'ai-endpoints', customEndpointListSchema)).data;

export const addCustomEndpoint = async (input: CreateCustomEndpointInput): Promise<CustomEndpoint> =>
  (await callApi('post', 'ai-endpoints', endpointAnswer, { json: input })).data;

export const testCustomEndpoint = async (input: TestCustomEndpointInput): Promise<ConnectionTest> =>
  (await callApi('post', 'ai-endpoints/test', dataOf(connectionTestSchema), { json: input })).data;

export const refreshCustomEndpoint = async (input: { id: number }): Promise<CustomEndpoint> =>
  (await callApi('post', `ai-endpoints/${input.id}/refresh`, endpointAnswer)).data;

export const setModelContextLength = async (input: {
  endpointId: number;
  modelId: number;
  contextLength: number | null;
}): Promise<CustomEndpoint> =>
  (
    await callApi('put', `ai-endpoints/${input.endpointId}/context-length`, endpointAnswer, {
      json: { modelId: input.modelId, contextLength: input.contextLength },
    })
  ).data;

export const removeCustomEndpoint = async (input: { id: number }): Promise<null> =>
  (await callApi('delete', `ai-endpoints/${input.id}`, dataOf(z.null()))).data;
