import type {
  AiSettings,
  ConnectionTest,
  CreateCustomEndpointInput,
  CustomEndpoint,
  TestCustomEndpointInput,
  UpdateAiSettingsInput,
  UserModel,
} from '../api/ai-contract';
import { aiEndpointApi } from '../api/routes/ai-endpoints';
import { aiSettingsApi } from '../api/routes/ai-settings';
import { api } from './api-client';

/**
 * The user's AI settings and models on the server (README "AI models and settings"). A provider key
 * passes straight through to the server here and is never written to the browser's storage: the
 * server keeps it encrypted and only ever answers its mask (`••••1234`).
 */

export const getAiSettings = async (): Promise<AiSettings> => (await api.call(aiSettingsApi.get)).data;

/** "OpenAI gpt-4.1" for a bug report's diagnostics; null when none is set or the settings cannot be read. */
export async function describeDefaultModel(): Promise<string | null> {
  const settings = await getAiSettings().catch(() => null);
  if (!settings?.defaultModel) return null;
  return [settings.defaultAI, settings.defaultModel].filter(Boolean).join(' ');
}

export const listUserModels = async (): Promise<UserModel[]> => (await api.call(aiSettingsApi.userModels)).data;

export const updateAiSettings = async (input: UpdateAiSettingsInput): Promise<AiSettings> =>
  (await api.call(aiSettingsApi.update, { body: input })).data;

export const selectModel = async (input: { modelId: number; kind: 'text' | 'image' }): Promise<AiSettings> =>
  (await api.call(aiSettingsApi.selectModel, { body: input })).data;

export const setProviderKey = async (input: {
  provider: string;
  apiKey?: string;
  baseUrl?: string | null;
}): Promise<AiSettings> => {
  const { provider, apiKey, baseUrl } = input;
  const body = { ...(apiKey ? { apiKey } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}) };
  return (await api.call(aiSettingsApi.setKey, { params: { provider }, body })).data;
};

export const removeProviderKey = async (input: { provider: string }): Promise<AiSettings> =>
  (await api.call(aiSettingsApi.removeKey, { params: { provider: input.provider } })).data;

export const listCustomEndpoints = async (): Promise<CustomEndpoint[]> => (await api.call(aiEndpointApi.list)).data;

export const addCustomEndpoint = async (input: CreateCustomEndpointInput): Promise<CustomEndpoint> =>
  (await api.call(aiEndpointApi.create, { body: input })).data;

export const testCustomEndpoint = async (input: TestCustomEndpointInput): Promise<ConnectionTest> =>
  (await api.call(aiEndpointApi.testNew, { body: input })).data;

export const refreshCustomEndpoint = async (input: { id: number }): Promise<CustomEndpoint> =>
  (await api.call(aiEndpointApi.refresh, { params: { id: input.id } })).data;

export const setModelContextLength = async (input: {
  endpointId: number;
  modelId: number;
  contextLength: number | null;
}): Promise<CustomEndpoint> =>
  (
    await api.call(aiEndpointApi.setContextLength, {
      params: { id: input.endpointId },
      body: { modelId: input.modelId, contextLength: input.contextLength },
    })
  ).data;

export const removeCustomEndpoint = async (input: { id: number }): Promise<null> =>
  (await api.call(aiEndpointApi.remove, { params: { id: input.id } })).data;
