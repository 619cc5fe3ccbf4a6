import { type ModelMessage, streamText } from 'ai';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ChatContextInput,
  type Citation,
  chatContextInput,
  type RegenerateOptions,
  type sendMessageBody,
} from '../../lib/api/contract';
import { askFollowUps, citableItems, citationInstruction, parseCitations } from '../ai/chat-options';
import { fitContext, gatherContext } from '../ai/context';
import { type Generation, type GenerationEnd, type Generations, Generation as NewGeneration } from '../ai/generations';
import { fromNow, HeldLease, type LeaseSettings } from '../ai/leases';
import { describeProviderError, languageModel } from '../ai/providers';
import { INTERRUPTED } from '../ai/recovery';
import { regenerateInstructions } from '../ai/regenerate';
import type { Db } from '../db/client';
import { type MessageUsage, messages, UNFINISHED, userAiSettings } from '../db/schema';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import type { AiModelRow } from './ai-models';
import { modelAccess } from './ai-settings';
import { CHECKPOINT_MS, getOwnedChat, getOwnedMessage } from './chats';

/** Answers: the question is stored first, then generated apart from the request (durable), one per model. */
type Ai = Deps['ai'];

const costOf = (model: AiModelRow, usage: MessageUsage) =>
  (usage.input * model.inputPricePerMillion + usage.output * model.outputPricePerMillion) / 1_000_000;

/**
 * The chat so far (answered turns, only those before `beforeId` when given) and the new question,
 * with the language instruction and any extra system parts (the context block, regenerate instructions).
 */
async function prompt(
  db: Db,
  chatId: number,
  model: AiModelRow,
  text: string,
  language: string | null | undefined,
  extra: { systemParts?: string[]; beforeId?: number } = {},
) {
  const earlier = await db
    .select({ userText: messages.userText, answerText: messages.answerText })
    .from(messages)
    .where(
      and(
        eq(messages.chatGemId, chatId),
        inArray(messages.status, ['done', 'stopped']),
        extra.beforeId !== undefined ? lt(messages.id, extra.beforeId) : undefined,
      ),
    )
    .orderBy(asc(messages.id));
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
  const system = [base, ...(extra.systemParts ?? []).filter(Boolean)].join('\n\n');
  return { system, messages: [...history, { role: 'user' as const, content: text }] };
}

interface Persist {
  db: Db;
  messageId: number;
  /** This copy's lease on the row (taken when it was inserted). */
  lease: LeaseSettings;
}

/**
 * House-model credits an answer costs: 1 credit per 1,000 tokens (input + output), rounded up,
 * at least 1. Spent when a house model's answer ends done or stopped with usage; a failed answer
 * (or one without usage) costs nothing. The balance never goes below 0; at 0 house models are Inactive.
 */
export const creditsFor = (usage: MessageUsage) => Math.max(1, Math.ceil((usage.input + usage.output) / 1000));

/** Who pays for a house model's answer. */
interface Charge {
  db: Db;
  userId: number;
}

/** Writes the growing answer to the row, at most every CHECKPOINT_MS, one write at a time. */
class Checkpoints {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private written = -1;

  constructor(
    private readonly persist: Persist,
    private readonly generation: Generation,
  ) {}

  touch() {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.flush();
      },
      Math.max(0, this.last + CHECKPOINT_MS - Date.now()),
    );
  }

  private flush() {
    const text = this.generation.text;
    if (text.length === this.written) return;
    this.written = text.length;
    this.last = Date.now();
    const { db, messageId } = this.persist;
    this.chain = this.chain
      .then(async () => {
        const updated = await db
          .update(messages)
          .set({ answerText: text, status: 'streaming', updatedAt: sql`now()` })
          .where(and(eq(messages.id, messageId), inArray(messages.status, [...UNFINISHED])))
          .returning({ id: messages.id });
        // Stopped by a request another server copy handled: end here too.
        if (!updated.length && !this.generation.controller.signal.aborted) this.generation.stop();
      })
      .catch((error: unknown) => console.error(`[trove] checkpoint of message ${messageId} failed:`, error));
  }

  async close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }
}

/**
 * Streams one answer from the provider into `generation`: deltas are broadcast as they come and
 * checkpointed to the row (when `persist`); at the end the row gets the full answer, the status,
 * usage and cost (or the error), and only then is the end broadcast.
 */
async function generate(
  generation: Generation,
  model: AiModelRow,
  run: {
    llm: Parameters<typeof streamText>[0]['model'];
    providerName: string;
    system: string;
    messages: ModelMessage[];
    persist?: Persist;
    /** Ask for follow-up questions once the answer is done. */
    followUps?: boolean;
    /** The citable context items, when citations were asked for. */
    citable?: Citation[];
    /** A house model's answer: the user whose credits pay for it. */
    charge?: Charge;
  },
) {
  const checkpoints = run.persist ? new Checkpoints(run.persist, generation) : undefined;
  // Lost lease: stopped through another copy (the end is stored as such) or taken by recovery (the store below finds that).
  const lease = run.persist
    ? new HeldLease(run.persist.db, run.persist.messageId, run.persist.lease, () => {
        if (!generation.controller.signal.aborted) generation.stop();
      })
    : undefined;
  let failure: string | undefined;
  let finishReason: string | undefined;
  let usage: MessageUsage | null = null;
  try {
    const result = streamText({
      model: run.llm,
      system: run.system,
      messages: run.messages,
      abortSignal: generation.controller.signal,
      onError: () => {}, // errors are read from the stream below
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        if (!part.text) continue;
        generation.emit({ type: 'delta', text: part.text });
        checkpoints?.touch();
      } else if (part.type === 'error') {
        failure ??= describeProviderError(run.providerName, part.error);
      } else if (part.type === 'finish') {
        finishReason = part.finishReason;
        usage = { input: part.totalUsage.inputTokens ?? 0, output: part.totalUsage.outputTokens ?? 0 };
      }
    }
  } catch (error) {
    if (!generation.controller.signal.aborted) failure ??= describeProviderError(run.providerName, error);
  }
  await checkpoints?.close();
  await lease?.release();

  let end: GenerationEnd;
  if (generation.stopRequested) end = { type: 'done', status: 'stopped', usage: null, cost: null };
  else if (generation.controller.signal.aborted)
    end = { type: 'error', message: 'The server stopped before the answer was complete' };
  else if (failure) end = { type: 'error', message: failure };
  // Ollama's provider ends a failed stream with finish reason 'other' and no error part: anything but 'stop' is a failure.
  else if (finishReason !== 'stop')
    end = {
      type: 'error',
      message: `${run.providerName} ended the answer early (finish reason: ${finishReason ?? 'none'})`,
    };
  else end = { type: 'done', status: 'done', usage, cost: usage ? costOf(model, usage) : null };
  const citations =
    run.citable && end.type === 'done' && end.status === 'done' ? parseCitations(generation.text, run.citable) : null;
  if (end.type === 'done' && citations) end.citations = citations;

  // Credits are spent in the same transaction that stores the usage and cost (creditsFor above).
  const spent = run.charge && end.type === 'done' && end.usage ? creditsFor(end.usage) : 0;
  const spend = async (db: Db) => {
    if (!run.charge || !spent) return;
    await db
      .update(userAiSettings)
      .set({ credits: sql`greatest(${userAiSettings.credits} - ${spent}, 0)`, updatedAt: sql`now()` })
      .where(eq(userAiSettings.userId, run.charge.userId));
  };
  if (run.persist) {
    const { messageId, lease: held } = run.persist;
    try {
      const stored = await run.persist.db.transaction(async (tx) => {
        const rows = await tx
          .update(messages)
          .set({
            answerText: generation.text,
            status: end.type === 'error' ? 'error' : end.status,
            error: end.type === 'error' ? end.message : null,
            usage: end.type === 'done' ? end.usage : null,
            cost: end.type === 'done' ? end.cost : null,
            ...(citations ? { citations } : {}),
            leaseOwner: null,
            leaseExpiresAt: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(messages.id, messageId), eq(messages.leaseOwner, held.owner)))
          .returning({ id: messages.id });
        if (rows.length) await spend(tx);
        return rows.length > 0;
      });
      // No longer this copy's (recovery took it, thinking this copy gone) or deleted: what is stored stands, nothing is charged.
      if (!stored) end = { type: 'error', message: INTERRUPTED };
    } catch (error) {
      console.error(`[trove] storing message ${messageId} failed:`, error);
    }
  } else if (spent && run.charge) {
    try {
      await spend(run.charge.db);
    } catch (error) {
      console.error(`[trove] spending credits of user ${run.charge.userId} failed:`, error);
    }
  }
  // Follow-ups: the answer is stored as done first; the questions come before the `done` event.
  if (run.followUps && end.type === 'done' && end.status === 'done') {
    const questions = await askFollowUps({
      model: run.llm,
      system: run.system,
      messages: run.messages,
      answer: generation.text,
      abortSignal: generation.controller.signal,
    });
    if (run.persist) {
      try {
        await run.persist.db
          .update(messages)
          .set({ followUps: questions })
          .where(eq(messages.id, run.persist.messageId));
      } catch (error) {
        console.error(`[trove] storing the follow-ups of message ${run.persist.messageId} failed:`, error);
      }
    }
    generation.emit({ type: 'followups', questions });
  }
  generation.emit(end);
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
 * Checks every model (400 with the spec's message when a key is missing) and the context before
 * anything is stored; then, per model, stores the question (status 'pending') with its context
 * manifest unless temporary and starts the answer in the background (all concurrently).
 */
async function startAnswers(
  db: Db,
  ai: Ai,
  generations: Generations,
  userId: number,
  chatId: number,
  request: AnswerRequest,
): Promise<StartedAnswer[]> {
  const accesses = [];
  for (const modelId of request.modelIds) accesses.push(await modelAccess(db, ai, userId, modelId));
  const items = await gatherContext(db, userId, request.context, request.lenientContext);
  const options = Object.fromEntries(
    STORED_OPTIONS.filter((key) => request.options?.[key] !== undefined).map((key) => [key, request.options?.[key]]),
  );
  const prepared = [];
  for (const { model, access } of accesses) {
    const llm = languageModel(model, access);
    const fitted = fitContext(items, model.contentLength);
    const citable = request.options?.citations ? citableItems(fitted.manifest.items) : undefined;
    const built = await prompt(db, chatId, model, request.text, request.language, {
      systemParts: [fitted.block, citable ? citationInstruction(citable) : '', request.regenerate?.instructions ?? ''],
      beforeId: request.regenerate?.fromMessageId,
    });
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
  await getOwnedChat(db, userId, chatId);
  const modelIds = input.modelIds ?? (input.modelId !== undefined ? [input.modelId] : []);
  if (!modelIds.length)
    throw new ApiError(400, 'modelId: required', { errors: [{ path: 'modelId', message: 'required' }] });
  return startAnswers(db, ai, generations, userId, chatId, {
    text: input.text,
    modelIds,
    language: input.language,
    temporary: input.temporary,
    context: input.context,
    options: Object.fromEntries(STORED_OPTIONS.map((key) => [key, input[key]])),
  });
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
