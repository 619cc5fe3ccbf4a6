import type {
  AiSettings,
  ConnectionTest,
  CreateCustomEndpointInput,
  CustomEndpoint,
  TestCustomEndpointInput,
  UpdateAiSettingsInput,
  UserModel,
} from '../../api/ai-contract';
import type { Result } from '../types';

/** AI settings: keys, models, defaults. */
export interface AiMessages {
  getAiSettings(): Result<AiSettings>;
  /** Every active model with this user's label (Credits, API, Team, Inactive). */
  listUserModels(): Result<UserModel[]>;
  /** The key goes to the server only (never into the browser's storage); the answer carries its mask. */
  setProviderKey(input: { provider: string; apiKey?: string; baseUrl?: string | null }): Result<AiSettings>;
  removeProviderKey(input: { provider: string }): Result<AiSettings>;
  /** Refused with the server's message (e.g. the missing-key one) when the model cannot be used. */
  selectModel(input: { modelId: number; kind: 'text' | 'image' }): Result<AiSettings>;
  updateAiSettings(input: UpdateAiSettingsInput): Result<AiSettings>;
  /** The user's own endpoints (OpenAI-compatible or Ollama) with their discovered models; keys only masked. */
  listCustomEndpoints(): Result<CustomEndpoint[]>;
  /** Adds an endpoint and discovers its models (the key goes to the server only). */
  addCustomEndpoint(input: CreateCustomEndpointInput): Result<CustomEndpoint>;
  /** Tries an endpoint before it is added: what failed in plain words, or how many models it has. */
  testCustomEndpoint(input: TestCustomEndpointInput): Result<ConnectionTest>;
  /** Discovers an endpoint's models again. */
  refreshCustomEndpoint(input: { id: number }): Result<CustomEndpoint>;
  /** Sets the context length of one of the endpoint's models (null forgets the one set). */
  setModelContextLength(input: {
    endpointId: number;
    modelId: number;
    contextLength: number | null;
  }): Result<CustomEndpoint>;
  removeCustomEndpoint(input: { id: number }): Result<null>;
}
