/**
 * The model writing prompts: Optimize prompt (the prompt detail view) and Create prompt from current
 * conversation (Share Options). One non-streamed request through the chat's provider path
 * (modelAccess → languageModel), no retries; a provider failure is a 502 with the provider's reason.
 */
import { generateText } from 'ai';
import { CHARS_PER_TOKEN, contextBudget } from '../../../lib/api/context-budget';
import type { MessageUsage } from '../../../lib/api/contract';
import { describeProviderError } from '../../ai/provider-errors';
import { languageModel } from '../../ai/providers';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { modelAccess } from '../ai-settings/model-access';
import { holdRequest, settleRequest } from '../answers/request-charge';

export const OPTIMIZE_INSTRUCTION = `You improve prompts for AI assistants. Rewrite the user's prompt so it is clear, specific and well structured, keeping its intent, its language and every {{variable}} exactly as written (including {{Name | A, B}} dropdowns) and any line of three dashes. Reply with only the improved prompt, nothing else.`;

export const FROM_CONVERSATION_INSTRUCTION = `You turn conversations into reusable prompts. Write one prompt that would let the user get this kind of result again on another subject, with {{Variable}} placeholders (in double curly brackets) for the parts that change. Reply with the prompt's short title on the first line, then the prompt itself, nothing else.`;

/**
 * One reply of `modelId` (the user's, checked as chat checks it) to `text` under `instruction`; a house
 * model's reply costs credits as a chat answer does (features/answers/answer-credits.ts). With `team`, a model the
 * user reaches through a key shared with their team answers too, charged to their allowance there.
 */
export async function askModel(
  db: Db,
  ai: Deps['ai'],
  userId: number,
  modelId: number,
  instruction: string,
  text: (contentLength: number) => string,
  /** `team`: a team key may serve it; `abortSignal` stops the model's call when the asker has gone. */
  options: { team?: boolean; abortSignal?: AbortSignal } = {},
): Promise<string> {
  const { model, access, team } = await modelAccess(db, ai, userId, modelId, undefined, { team: options.team });
  // The reply's cost is held first, as a chat answer's is, so replies asked at once cannot overspend.
  const held = await holdRequest(db, userId, model, team, ai.leaseSeconds);
  let reply: string;
  let usage: MessageUsage;
  try {
    const result = await generateText({
      model: languageModel(model, access),
      system: instruction,
      prompt: text(model.contentLength),
      maxRetries: 0,
      abortSignal: options.abortSignal,
    });
    reply = result.text.trim();
    usage = { input: result.totalUsage.inputTokens ?? 0, output: result.totalUsage.outputTokens ?? 0 };
  } catch (error) {
    await settleRequest(db, held, null);
    throw new ApiError(502, describeProviderError(access, error));
  }
  await settleRequest(db, held, usage);
  return reply;
}

/** `text` cut to what fits a model of `contentLength` tokens (the context budget, in characters). */
export const fitted = (text: string, contentLength: number) =>
  text.slice(0, contextBudget(contentLength).budget * CHARS_PER_TOKEN);

/**
 * A reply of FROM_CONVERSATION_INSTRUCTION as a title and a prompt: the first line (markdown and "Title:" off) and the
 * rest.
 */
export function parseTitledPrompt(reply: string): { title: string; text: string } | null {
  const lines = reply.trim().split(/\r?\n/);
  const first = (lines[0] ?? '')
    .replace(/^#+\s*|^\*\*|\*\*$/g, '')
    .replace(/^title\s*:\s*/i, '')
    .replace(/^["'“]|["'”]$/g, '')
    .trim();
  const text = lines.slice(1).join('\n').trim();
  if (!first || !text) return null;
  return { title: first.slice(0, 200), text };
}
