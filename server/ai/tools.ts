import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel, streamText, ToolSet } from 'ai';
import type { AnswerTool, ReasoningEffort } from '../../lib/api/chat-contract';
import { fieldError } from '../http/errors';
import { languageModel, type ProviderAccess, type ProviderModel, requireKey } from './providers';

/** What a tool changes in a call to the model: the model object itself, the provider's tools, its options. */
export interface ToolSetup {
  llm: LanguageModel;
  tools?: ToolSet;
  reasoning?: ReasoningEffort;
  providerOptions?: Parameters<typeof streamText>[0]['providerOptions'];
}

/** A 400 naming why `model` cannot answer with `tool` (checked before anything is stored). */
export function refuseUnfitTool(model: ProviderModel, tool: AnswerTool) {
  if (model.type !== 'Text') throw fieldError(400, 'modelId', `${model.displayName} makes pictures, not answers`);
  if (tool === 'web-search' && !model.isWebSearchEnabled)
    throw fieldError(400, 'tool', `${model.displayName} cannot search the web: choose a model with Web`);
  if (tool === 'research' && !model.isReasoningEnabled)
    throw fieldError(400, 'tool', `${model.displayName} is not a reasoning model: choose one with Reasoning`);
}

const openaiOf = (access: ProviderAccess) =>
  createOpenAI({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch });

/**
 * The provider's own web search, through the AI SDK: OpenAI's Responses API `web_search` tool, Anthropic's
 * server-side `web_search`, Gemini's Google Search grounding. Sources come back as the stream's `source` parts.
 */
function webSearch(model: ProviderModel, access: ProviderAccess): ToolSetup {
  switch (access.kind) {
    case 'openai': {
      const openai = openaiOf(access);
      return { llm: openai.responses(model.model), tools: { web_search: openai.tools.webSearch({}) } };
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey: requireKey(access), baseURL: access.baseUrl, fetch: access.fetch });
      return {
        llm: anthropic(model.model),
        tools: { web_search: anthropic.tools.webSearch_20250305({ maxUses: 5 }) },
      };
    }
    case 'google': {
      const google = createGoogleGenerativeAI({
        apiKey: requireKey(access),
        baseURL: access.baseUrl,
        fetch: access.fetch,
      });
      return { llm: google(model.model), tools: { google_search: google.tools.googleSearch({}) } };
    }
    default:
      throw fieldError(400, 'tool', `${access.name} offers no web search Trove can use`);
  }
}

/**
 * A reasoning model asked to reason (`reasoning`, mapped by each provider) and to send a summary of it:
 * OpenAI through the Responses API (`reasoningSummary`), Gemini with its thoughts included; Anthropic's
 * thinking and OpenAI-compatible `reasoning_content` come as reasoning parts without more options.
 */
function research(model: ProviderModel, access: ProviderAccess, effort: ReasoningEffort): ToolSetup {
  if (access.kind === 'openai')
    return {
      llm: openaiOf(access).responses(model.model),
      reasoning: effort,
      providerOptions: { openai: { reasoningSummary: 'auto' } },
    };
  const llm = languageModel(model, access);
  if (access.kind === 'google')
    return { llm, reasoning: effort, providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } };
  return { llm, reasoning: effort };
}

/** How `model` is called for `tool` (checked with refuseUnfitTool first). */
export function toolSetup(
  model: ProviderModel,
  access: ProviderAccess,
  tool: AnswerTool,
  effort: ReasoningEffort = 'medium',
): ToolSetup {
  if (tool === 'web-search') return webSearch(model, access);
  if (tool === 'research') return research(model, access, effort);
  return { llm: languageModel(model, access) };
}
