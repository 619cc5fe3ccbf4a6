import { createHash } from 'node:crypto';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { missingKeyMessage } from '../../lib/api/ai-contract';
import { ApiError, fieldError } from '../http/errors';
import { completeOllamaStream } from './ollama-stream';

/**
 * What a provider call needs: which SDK provider, the key and base URL (the user's, or the operator's for house
 * models).
 */
export interface ProviderAccess {
  kind: 'openai' | 'anthropic' | 'google' | 'openai-compatible' | 'ollama';
  /** The provider's display name, for messages ("OpenAI answered 401: …"). */
  name: string;
  apiKey?: string;
  baseUrl?: string;
  /** The user's own endpoint: a key is optional (a local server takes none) and the base URL is theirs. */
  custom?: boolean;
  /** The operator's house provider: its key is what the configuration gives (required of some kinds, see config.ts). */
  house?: boolean;
  /** The fetch to call it with: addresses the user chose are checked (http/outbound.ts). */
  fetch: typeof fetch;
  /**
   * Someone else's key or endpoint, used on their behalf (a team's, a public prompt's author's): whom to ask, as a
   * sentence. Its failures are then told without the upstream's words (provider-errors.ts).
   */
  onBehalf?: string;
}

/** What provider calls read of a catalogue model (a row of ai_models, taken in by the caller). */
export interface ProviderModel {
  /** The provider's own name of the model. */
  model: string;
  displayName: string;
  type: 'Text' | 'Image';
  isWebSearchEnabled: boolean;
  isReasoningEnabled: boolean;
}

/** Default base URLs of the OpenAI-compatible providers of the catalogue (a user's base URL wins). */
const COMPATIBLE_BASE_URLS: Record<string, string> = {
  Mistral: 'https://api.mistral.ai/v1',
  Groq: 'https://api.groq.com/openai/v1',
};
const OLLAMA_DEFAULT = 'http://127.0.0.1:11434';

/** The base URL an OpenAI-compatible provider is called at: the user's, else the catalogue provider's default. */
export const compatibleBaseUrl = (access: ProviderAccess) => access.baseUrl ?? COMPATIBLE_BASE_URLS[access.name];

const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** Ollama's SDK provider wants the `/api` base; users give the server's address (`http://host:11434`). */
const ollamaBase = (url: string) => (/\/api$/.test(trimSlash(url)) ? trimSlash(url) : `${trimSlash(url)}/api`);

export function requireKey(access: ProviderAccess): string {
  if (!access.apiKey) throw fieldError(400, 'modelId', missingKeyMessage(access.name), missingKeyMessage(access.name));
  return access.apiKey;
}

/** A number per fetch function (the server's checked and plain fetches), for the models' cache key. */
const fetchIds = new WeakMap<typeof fetch, number>();
let nextFetchId = 0;
function fetchId(f: typeof fetch): string {
  let id = fetchIds.get(f);
  if (id === undefined) {
    id = nextFetchId++;
    fetchIds.set(f, id);
  }
  return String(id);
}

/** Models made lately, by everything that made them (the key as its hash); see languageModel. */
const made = new Map<string, LanguageModel>();
const MADE_MAX = 100;

/**
 * The AI SDK model for a catalogue row and the caller's access, made once for the same access and
 * model and then reused (a model is configuration only; making one cost ~0.4–0.7 ms of every answer's
 * wait for its first token). The least recently used of MADE_MAX models is dropped.
 */
export function languageModel(model: ProviderModel, access: ProviderAccess): LanguageModel {
  const key = [
    access.kind,
    access.name,
    access.baseUrl ?? '',
    access.apiKey ? createHash('sha256').update(access.apiKey).digest('base64') : '',
    fetchId(access.fetch),
    model.model,
  ].join('\0');
  const cached = made.get(key);
  if (cached) {
    made.delete(key);
    made.set(key, cached);
    return cached;
  }
  const fresh = makeLanguageModel(model, access);
  made.set(key, fresh);
  if (made.size > MADE_MAX) made.delete(made.keys().next().value as string);
  return fresh;
}

/**
 * Makes the AI SDK model for a catalogue row and the caller's access (the user's key and base URL, or the
 * operator's house configuration). OpenAI goes through chat completions (`.chat`), not the Responses API;
 * Google through the Gemini API (`generateContent` / `streamGenerateContent`).
 */
function makeLanguageModel(model: ProviderModel, access: ProviderAccess): LanguageModel {
  switch (access.kind) {
    case 'openai':
      return createOpenAI({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch }).chat(
        model.model,
      );
    case 'anthropic':
      return createAnthropic({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch })(model.model);
    case 'openai-compatible': {
      const baseURL = compatibleBaseUrl(access);
      if (!baseURL) throw new ApiError(400, `${access.name} needs a base URL in your AI settings`);
      return createOpenAICompatible({
        name: access.name.toLowerCase(),
        baseURL: trimSlash(baseURL),
        // A user's endpoint or a keyless house server (vLLM, llama.cpp) is called without a key.
        apiKey: access.custom || access.house ? access.apiKey : requireKey(access),
        includeUsage: true,
        fetch: access.fetch,
      })(model.model);
    }
    case 'ollama':
      return createOllama({
        baseURL: ollamaBase(access.baseUrl ?? OLLAMA_DEFAULT),
        headers: access.apiKey ? { authorization: `Bearer ${access.apiKey}` } : undefined,
        fetch: completeOllamaStream(access.fetch),
      })(model.model);
    case 'google':
      // Gemini API (generativelanguage.googleapis.com/v1beta by default); the key goes in `x-goog-api-key`.
      return createGoogleGenerativeAI({
        apiKey: requireKey(access),
        baseURL: access.baseUrl ? trimSlash(access.baseUrl) : undefined,
        fetch: access.fetch,
      })(model.model);
  }
}
