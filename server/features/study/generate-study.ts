import { Output, parsePartialJson, streamText } from 'ai';
import { z } from 'zod';
import type { MessageUsage } from '../../../lib/api/contract';
import { flashCardsSchema, quizSchema, type StudyKind } from '../../../lib/api/study-contract';
import { describeProviderError } from '../../ai/provider-errors';
import { languageModel } from '../../ai/providers';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { modelAccess } from '../ai-settings/model-access';
import { creditsFor } from '../answers/answer-credits';
import { holdCredits, keepHeld, settleCredits } from '../credits/credits';
import { fitted } from '../prompts/ask-model';
import { STUDY_INSTRUCTIONS } from './study-prompts';
import { gemExists, hasStudyText, storeStudy, studyGem, studySourceOf } from './study-store';

/** An event of a generation, sent as SSE by the route (lib/api/study-contract.ts, studyStreamEvents). */
export type StudyEvent =
  | { type: 'delta'; text: string }
  | { type: 'partial'; content: unknown }
  | { type: 'done'; kind: StudyKind; content: unknown; modelName: string; createdAt: string; stored: boolean }
  | { type: 'error'; message: string };

export const GARBAGE_ANSWER = (what: string, model: string) =>
  `${model} did not answer with ${what} in the form asked for; try again or choose another model`;

/** What the provider is told to answer (JSON mode); the answer is then checked with the contract's stricter schema. */
const REQUESTED = {
  flashCards: z.object({ cards: z.array(z.object({ front: z.string(), back: z.string() })) }),
  quiz: z.object({
    questions: z.array(
      z.object({ question: z.string(), choices: z.array(z.string()), answer: z.number(), explanation: z.string() }),
    ),
  }),
};
const CHECKED = { flashCards: flashCardsSchema, quiz: quizSchema };
const WHAT = { flashCards: 'flash cards', quiz: 'a quiz' };

export interface StudyRequest {
  kind: StudyKind;
  modelId: number;
  gemId?: number;
  context?: string;
}

/**
 * Checks everything that can be refused (the gem and the right to change it, its text, the model, the credits) before
 * anything streams, then returns the generation's events: a refusal is a plain 4xx, never a broken stream.
 */
export async function startStudy(
  db: Db,
  ai: Deps['ai'],
  userId: number,
  request: StudyRequest,
): Promise<AsyncIterable<StudyEvent>> {
  const gem = request.gemId === undefined ? null : await studyGem(db, userId, request.gemId, true);
  if (gem && !hasStudyText(gem)) throw fieldError(400, 'gemId', 'the gem has no saved text to learn from');
  const source = gem ? studySourceOf(gem) : (request.context ?? '');
  const { model, access } = await modelAccess(db, ai, userId, request.modelId);
  const [hold] = await holdCredits(db, userId, [{ model }], ai.leaseSeconds);
  const charge = { db, userId, holdId: hold?.holdId ?? null, seconds: ai.leaseSeconds };
  const { kind } = request;
  const stream = streamText({
    model: languageModel(model, access),
    system: STUDY_INSTRUCTIONS[kind],
    prompt: fitted(source, model.contentLength),
    maxRetries: 0,
    ...(kind === 'summary' ? {} : { output: Output.object({ schema: REQUESTED[kind] }) }),
    onError: () => {}, // read from the stream below
  });
  return (async function* events(): AsyncGenerator<StudyEvent> {
    const holding = keepHeld(charge);
    let text = '';
    let failure: string | null = null;
    let usage: MessageUsage | null = null;
    let shown = '';
    try {
      for await (const part of stream.fullStream) {
        if (part.type === 'text-delta') {
          text += part.text;
          if (kind === 'summary') yield { type: 'delta', text: part.text };
          else {
            const partial = await parsePartialJson(text);
            const json = partial.value === undefined ? '' : JSON.stringify(partial.value);
            if (json && json !== shown) {
              shown = json;
              yield { type: 'partial', content: partial.value };
            }
          }
        } else if (part.type === 'error') failure ??= describeProviderError(access, part.error);
        else if (part.type === 'finish')
          usage = { input: part.totalUsage.inputTokens ?? 0, output: part.totalUsage.outputTokens ?? 0 };
      }
    } catch (error) {
      failure ??= describeProviderError(access, error);
    } finally {
      await holding.stop();
      // a house model's answer costs what it used, even when its answer is refused below; a failed one nothing
      await settleCredits(db, charge, model.isHouseModel && usage && !failure ? creditsFor(usage) : null);
    }
    if (failure) return yield { type: 'error', message: failure };
    const content = kind === 'summary' ? checkedSummary(text) : checkedJson(kind, text);
    if (content === null) {
      const what = kind === 'summary' ? 'a summary' : WHAT[kind];
      return yield { type: 'error', message: GARBAGE_ANSWER(what, model.displayName) };
    }
    const item = { kind, content, modelName: model.displayName, createdAt: new Date() };
    const stored = gem !== null && (await gemExists(db, gem.id));
    if (gem && stored) await storeStudy(db, gem.id, userId, item);
    yield { type: 'done', ...item, createdAt: item.createdAt.toISOString(), stored };
  })();
}

const checkedSummary = (text: string) => (text.trim() ? { text: text.trim() } : null);

/** The model's JSON checked against the contract, or null when it is not JSON or not what was asked for. */
function checkedJson(kind: 'flashCards' | 'quiz', text: string): unknown {
  // some models wrap JSON in a markdown fence even in JSON mode
  const json = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const parsed = CHECKED[kind].safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
