import type { AiSettings, UpdateAiSettingsInput, UserModel } from '../../api/ai-contract';
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
}
