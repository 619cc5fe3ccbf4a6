import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type EmbeddingModel, embedMany } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { ApiError } from '../http/errors';
import { describeProviderError } from './provider-errors';
import { compatibleBaseUrl, type ProviderAccess, requireKey } from './providers';

/** The provider kinds that embed: OpenAI's /v1/embeddings (and its compatibles), Ollama's /api/embed. */
export const EMBEDDING_KINDS: readonly ProviderAccess['kind'][] = ['openai', 'openai-compatible', 'ollama'];

/** Texts sent per provider call (OpenAI takes up to 2,048 inputs; a local Ollama is happier with fewer). */
const PER_CALL = 64;

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const ollamaBase = (url: string) => (/\/api$/.test(trimSlash(url)) ? trimSlash(url) : `${trimSlash(url)}/api`);

/** The AI SDK embedding model for `model` through `access`; a provider that does not embed is a 400. */
export function embeddingModel(model: string, access: ProviderAccess): EmbeddingModel {
  switch (access.kind) {
    case 'openai':
      return createOpenAI({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch }).embedding(
        model,
      );
    case 'openai-compatible': {
      const baseURL = compatibleBaseUrl(access);
      if (!baseURL) throw new ApiError(400, `${access.name} needs a base URL in your AI settings`);
      return createOpenAICompatible({
        name: access.name.toLowerCase(),
        baseURL: trimSlash(baseURL),
        apiKey: access.custom || access.house ? access.apiKey : requireKey(access),
        fetch: access.fetch,
      }).embeddingModel(model);
    }
    case 'ollama':
      return createOllama({
        baseURL: ollamaBase(access.baseUrl ?? 'http://127.0.0.1:11434'),
        headers: access.apiKey ? { authorization: `Bearer ${access.apiKey}` } : undefined,
        fetch: access.fetch,
      }).embedding(model);
    default:
      throw new ApiError(
        400,
        `${access.name} does not make embeddings: choose OpenAI, an OpenAI-compatible provider or Ollama`,
      );
  }
}

/**
 * The vectors of `texts` in order, asked PER_CALL at a time and one call at a time (a user's own server is not
 * flooded). A provider's refusal is thrown as an ApiError (502) whose message is the provider's, in plain words.
 */
export async function embedTexts(
  model: string,
  access: ProviderAccess,
  texts: string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  if (!texts.length) return [];
  const sdkModel = embeddingModel(model, access);
  const out: number[][] = [];
  try {
    for (let from = 0; from < texts.length; from += PER_CALL) {
      const { embeddings } = await embedMany({
        model: sdkModel,
        values: texts.slice(from, from + PER_CALL),
        maxParallelCalls: 1,
        maxRetries: 1,
        abortSignal: signal,
      });
      out.push(...embeddings);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, describeProviderError(access, error));
  }
  return out;
}
