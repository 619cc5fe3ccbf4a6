import type { ModelMessage } from 'ai';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ChatContextInput,
  chatContextInput,
  type RegenerateOptions,
  type sendMessageBody,
} from '../../lib/api/contract';
import { citableItems, citationInstruction } from '../ai/chat-options';
import { fitContext, gatherContext } from '../ai/context';
import { type Generation, type Generations, Generation as NewGeneration } from '../ai/generations';
import { fromNow } from '../ai/leases';
import { languageModel } from '../ai/providers';
import { regenerateInstructions } from '../ai/regenerate';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { messages } from '../db/schema';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import type { AiModelRow } from './ai-models';
import { modelAccess } from './ai-settings';
import { generate, type Persist } from './answer-generation';
import { getOwnedChat, getOwnedMessage } from './chats';

/** Answers: the question is stored first, then generated apart from the request (durable), one per model. */
type Ai = Deps['ai'];

const earlierTurnsQuery = preparedFor((db) =>
  db
    .select({ userText: messages.userText, answerText: messages.answerText })
    .from(messages)
    .where(
      and(
        eq(messages.chatGemId, sql.placeholder('chatId')),
        inArray(messages.status, ['done', 'stopped']),
        lt(messages.id, sql.placeholder('beforeId')),
      ),
    )
    .orderBy(asc(messages.id))
    .prepare('earlier_turns'),
);

/** The chat's answered turns (only those before `beforeId` when given), oldest first. */
async function earlierTurns(db: Db, chatId: number, beforeId = 2 ** 31 - 1) {
  return earlierTurnsQuery(db).execute({ chatId, beforeId });
}

/**
 * The chat so far (`earlier`, its answered turns) and the new question, with the language instruction
 * and any extra system parts (the context block, regenerate instructions).
 */
function prompt(
  earlier: Awaited<ReturnType<typeof earlierTurns>>,
  model: AiModelRow,
  text: string,
  language: string | null | undefined,
  systemParts: string[],
) {
  const history: ModelMessage[] = earlier.flatMap((m) =>
    m.answerText
      ? [
          { role: 'user' as const, content: m.userText },
          { role: 'assistant' as const, content: m.answerText },
        ]
      : [],
  );
  const label = language ? (model.languages.find((l) => l.code === language)?.label ?? language) : undefined;
  const base = `You are Trove's assistant, helping the user with what they read and save.${label ? ` Answer in ${label}.` : ''}`;
  const system = [base, ...systemParts.filter(Boolean)].join('\n\n');
  return { system, messages: [...history, { role: 'user' as const, content: text }] };
}

/**
 * Waits for every look-up, then fails with the first failure in the order given (the order the checks
 * would have been made one after another), so running them at once changes no answer.
 */
async function allInOrder<T extends readonly unknown[]>(lookups: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(lookups);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Options of `POST /api/chats/{id}/messages` stored in the message's `context.options`. */
export const STORED_OPTIONS = [
  'brandVoiceId',
  'personaId',
  'promptId',
  'memory',
  'followUps',
  'citations',
  'costEstimate',
] as const;
export type AnswerOptions = Partial<Pick<z.output<typeof sendMessageBody>, (typeof STORED_OPTIONS)[number]>>;

interface AnswerRequest {
  text: string;
  /** One answer per model, in this order. */
  modelIds: number[];
  language: string | null | undefined;
  temporary: boolean;
  context: ChatContextInput | undefined;
  options?: AnswerOptions;
  /** Regenerating: chosen gems/collections deleted since are skipped rather than refused. */
  lenientContext?: boolean;
  /** Regenerating: the instructions, the options to store and the message regenerated. */
  regenerate?: { instructions: string; options: RegenerateOptions; fromMessageId: number };
}

export interface StartedAnswer {
  messageId: number | null;
  modelId: number;
  displayName: string;
  generation: Generation;
}

/**
 * Checks the chat (`chatCheck`, started by the caller), every model (400 with the spec's message when a
 * key is missing) and the context before anything is stored, all at once, with the earlier turns;
 * then, per model, stores the question (status 'pending') with its context manifest unless temporary
 * and starts the answer in the background (all concurrently).
 */
async function startAnswers(
  db: Db,
  ai: Ai,
  generations: Generations,
  userId: number,
  chatId: number,
  request: AnswerRequest,
  chatCheck: Promise<unknown> = Promise.resolve(),
): Promise<StartedAnswer[]> {
  const [, accesses, items, earlier] = await allInOrder([
    chatCheck,
    allInOrder(request.modelIds.map((modelId) => modelAccess(db, ai, userId, modelId))),
    gatherContext(db, userId, request.context, request.lenientContext),
    earlierTurns(db, chatId, request.regenerate?.fromMessageId),
  ] as const);
  const options = Object.fromEntries(
    STORED_OPTIONS.filter((key) => request.options?.[key] !== undefined).map((key) => [key, request.options?.[key]]),
  );
  const prepared = [];
  for (const { model, access } of accesses) {
    const llm = languageModel(model, access);
    const fitted = fitContext(items, model.contentLength);
    const citable = request.options?.citations ? citableItems(fitted.manifest.items) : undefined;
    const built = prompt(earlier, model, request.text, request.language, [
      fitted.block,
      citable ? citationInstruction(citable) : '',
      request.regenerate?.instructions ?? '',
    ]);
    const context: Record<string, unknown> = {};
    if (request.context) Object.assign(context, fitted.manifest, { input: request.context });
    if (request.regenerate)
      context.regenerate = { fromMessageId: request.regenerate.fromMessageId, ...request.regenerate.options };
    if (Object.keys(options).length) context.options = options;
    prepared.push({ model, access, llm, built, context, citable });
  }
  const started: StartedAnswer[] = [];
  for (const { model, access, llm, built, context, citable } of prepared) {
    let persist: Persist | undefined;
    if (!request.temporary) {
      const [row] = await db
        .insert(messages)
        .values({
          chatGemId: chatId,
          ownerId: userId,
          userText: request.text,
          modelId: model.id,
          model: model.model,
          displayName: model.displayName,
          provider: model.provider,
          language: request.language ?? null,
          context,
          leaseOwner: generations.lease.owner,
          leaseExpiresAt: fromNow(generations.lease.seconds),
        })
        .returning();
      if (!row) throw new Error('message insert returned no row');
      persist = { db, messageId: row.id, lease: generations.lease };
    }
    const generation = new NewGeneration();
    started.push({
      messageId: persist?.messageId ?? null,
      modelId: model.id,
      displayName: model.displayName,
      generation,
    });
    generations.start(persist?.messageId ?? null, generation, () =>
      generate(generation, model, {
        llm,
        providerName: access.name,
        ...built,
        persist,
        followUps: request.options?.followUps === true,
        citable,
        charge: model.isHouseModel ? { db, userId } : undefined,
      }),
    );
  }
  return started;
}

async function startAnswer(
  db: Db,
  ai: Ai,
  generations: Generations,
  userId: number,
  chatId: number,
  request: AnswerRequest,
) {
  const [started] = await startAnswers(db, ai, generations, userId, chatId, request);
  if (!started) throw new Error('no answer started');
  return started;
}

/**
 * `POST /api/chats/{id}/messages`: the chat must be the user's; the optional context is assembled
 * and fitted to each model (server/ai/context.ts) and its manifest stored on the message. With
 * `modelIds`, one message per model, answered concurrently.
 */
export async function sendMessage(
  db: Db,
  ai: Ai,
  generations: Generations,
  userId: number,
  chatId: number,
  input: z.output<typeof sendMessageBody> & { context?: ChatContextInput },
): Promise<StartedAnswer[]> {
  const chatCheck = getOwnedChat(db, userId, chatId);
  const modelIds = input.modelIds ?? (input.modelId !== undefined ? [input.modelId] : []);
  if (!modelIds.length) {
    await chatCheck; // a chat that is not the user's is a 404 first
    throw new ApiError(400, 'modelId: required', { errors: [{ path: 'modelId', message: 'required' }] });
  }
  return startAnswers(
    db,
    ai,
    generations,
    userId,
    chatId,
    {
      text: input.text,
      modelIds,
      language: input.language,
      temporary: input.temporary,
      context: input.context,
      options: Object.fromEntries(STORED_OPTIONS.map((key) => [key, input[key]])),
    },
    chatCheck,
  );
}

/**
 * `POST /api/messages/{id}/regenerate`: a new message in the same chat with the same question and
 * context, answered with the options as instructions (server/ai/regenerate.ts), by the switched
 * model/language when given. The options are stored in the new message's `context.regenerate`.
 */
export async function regenerateMessage(
  db: Db,
  ai: Ai,
  generations: Generations,
  userId: number,
  id: number,
  options: RegenerateOptions,
) {
  const original = await getOwnedMessage(db, userId, id);
  await getOwnedChat(db, userId, original.chatGemId);
  const modelId = options.regenerationModel ?? original.modelId;
  if (!modelId)
    throw new ApiError(400, 'regenerationModel: the original model is gone, choose one', {
      errors: [{ path: 'regenerationModel', message: 'choose a model' }],
    });
  const parsed = chatContextInput.safeParse(original.context.input);
  return startAnswer(db, ai, generations, userId, original.chatGemId, {
    text: original.userText,
    modelIds: [modelId],
    language: options.regenerationLanguage ?? original.language,
    temporary: false,
    context: parsed.success ? parsed.data : undefined,
    lenientContext: true,
    regenerate: {
      instructions: regenerateInstructions(options, original.answerText),
      options,
      fromMessageId: original.id,
    },
  });
}
