import { streamText } from 'ai';
import { estimateTokens } from '../../../lib/api/context-budget';
import type { MessageUsage } from '../../../lib/api/contract';
import { describeProviderError } from '../../ai/provider-errors';
import { languageModel } from '../../ai/providers';
import type { Db } from '../../db/client';
import type { AiModelRow } from '../../db/types';
import type { Deps } from '../../http/env';
import { escapeHtml } from '../../http/html';
import type { modelAccess } from '../ai-settings/model-access';
import { creditsFor } from '../answers/answer-credits';
import { type Charge, keepHeld, settleCredits } from '../credits/credits';
import { settleBudget } from './budget';

/**
 * One anonymous run of a public prompt, its budget and (for a house model) the owner's credit already held: the
 * answer's text is streamed out as escaped HTML as the model writes it; when it ends, its cost is charged to the
 * owner's budget and balance (a failure costs nothing; a visitor who leaves stops it, and what was written is paid).
 */

export interface Run {
  db: Db;
  ai: Deps['ai'];
  ownerId: number;
  model: AiModelRow;
  access: Awaited<ReturnType<typeof modelAccess>>['access'];
  prompt: string;
  charge: Charge;
  signal: AbortSignal;
}

/** Writes the answer's escaped text through `write`; returns the failure to show, if any. */
export async function streamAnswer(run: Run, write: (html: string) => void): Promise<string | undefined> {
  const holding = keepHeld(run.charge);
  let usage: MessageUsage | null = null;
  let failure: string | undefined;
  let text = '';
  try {
    const result = streamText({
      model: languageModel(run.model, run.access),
      prompt: run.prompt,
      abortSignal: run.signal,
      maxRetries: 0,
      onError: () => {}, // read from the stream below
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        text += part.text;
        write(escapeHtml(part.text));
      } else if (part.type === 'error') {
        failure ??= describeProviderError(run.access, part.error);
      } else if (part.type === 'finish') {
        usage = { input: part.totalUsage.inputTokens ?? 0, output: part.totalUsage.outputTokens ?? 0 };
      }
    }
  } catch (error) {
    if (!run.signal.aborted) failure ??= describeProviderError(run.access, error);
  }
  if (run.signal.aborted && !usage) usage = { input: 0, output: estimateTokens(text) };
  const credits = failure || !usage ? null : creditsFor(usage);
  await holding.stop();
  try {
    await settleCredits(run.db, run.charge, run.model.isHouseModel ? credits : null);
    await settleBudget(run.db, run.ownerId, credits);
  } catch (error) {
    console.error(`[trove] settling an anonymous run of user ${run.ownerId}'s prompt failed:`, error);
  }
  return failure;
}
