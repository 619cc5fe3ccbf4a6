import type { z } from 'zod';
import {
  type ChatContextInput,
  type MessageContext,
  type RegenerateOptions,
  STORED_OPTIONS,
  type sendMessageBody,
} from '../../../lib/api/contract';
import { citableItems, citationInstruction } from '../../ai/chat-options';
import { MEMORY_PROPOSAL_INSTRUCTION } from '../../ai/memory-proposal';
import { refuseUnfitTool, type ToolSetup, toolSetup } from '../../ai/tools';
import { messages } from '../../db/schema';
import type { AiModelRow, SettingsRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { getSettingsRow } from '../ai-settings/ai-settings';
import { assertHiddenPromptModels } from '../ai-settings/hidden-prompt-models';
import { modelAccess } from '../ai-settings/model-access';
import { claimChatFiles, modelTakes } from '../chat-files/chat-files';
import { type Charge, holdCredits, returnUnused } from '../credits/credits';
import { meaningOf } from '../embeddings/meaning';
import { type InstructionChoice, type Instructions, resolveInstructions } from '../instructions/instructions';
import { relevantMemories } from '../memories/memory-context';
import { holdAllowances, type TeamCharge } from '../teams/allowance';
import { generate } from './answer-generation';
import { answerPrompt, type QuestionAsked } from './answer-prompt';
import type { Persist } from './answer-store';
import { askProvider, dropAnswer, type ProviderAnswer } from './ask-provider';
import { type ContextItem, gatherContext, isMaterial } from './context';
import { fitContext, needsRanking } from './context-fit';
import { type Generation, Generation as NewGeneration } from './generations';
import { fromNow } from './leases';
import { rankPassages } from './retrieval';

/**
 * Answers, one per model: asked of the provider while the question is stored, then generated apart from the request
 * (durable).
 */

/** Options of `POST /api/chats/{id}/messages` stored in the message's `context.options` (STORED_OPTIONS). */
export type AnswerOptions = Partial<Pick<z.output<typeof sendMessageBody>, (typeof STORED_OPTIONS)[number]>>;

export interface AnswerRequest extends QuestionAsked {
  /** One answer per model, in this order. */
  modelIds: number[];
  /** The chat the question and its answers are stored in; null: temporary, stored nowhere. */
  storeIn: number | null;
  /** The chat asked in (null: a temporary chat without one): where its files are kept. */
  chatId: number | null;
  context: ChatContextInput | undefined;
  options?: AnswerOptions;
  /**
   * The persona, voice and prompt asked for (see server/features/instructions/instructions.ts) and memory on/off (default: the user's
   * setting).
   */
  choice: InstructionChoice & { memory?: boolean };
  /**
   * Regenerating: chosen gems/collections (and voices, personas, prompts) deleted since are skipped rather than
   * refused.
   */
  lenientContext?: boolean;
  /** Regenerating: the instructions, the options to store and the message regenerated. */
  regenerate?: { instructions: string; options: RegenerateOptions; fromMessageId: number };
}

export interface StartedAnswer {
  messageId: number | null;
  /** When its question was stored (the message's `createdAt`); null when nothing stores it. */
  createdAt: string | null;
  modelId: number;
  displayName: string;
  generation: Generation;
}

type ModelAccess = Awaited<ReturnType<typeof modelAccess>>;
type ContextItems = Awaited<ReturnType<typeof gatherContext>>;
type Ranking = Awaited<ReturnType<typeof rankPassages>>;
type Prepared = ModelAccess & {
  llm: ToolSetup['llm'];
  /** The tool's provider tools and options (none for plain chat). */
  tools: Omit<ToolSetup, 'llm'>;
  built: ReturnType<typeof answerPrompt>;
  context: MessageContext;
  citable: ReturnType<typeof citableItems> | undefined;
  /** Memory on: the answer may end with a memory proposal. */
  memory: boolean;
  othersGems: Shared['othersGems'];
};

/** The options to store in the message's `context.options`: those given (none given: none stored). */
const storedOptions = ({ options }: AnswerRequest) =>
  STORED_OPTIONS.some((key) => options?.[key] !== undefined) ? { options: { ...options } } : {};

/** A 400 naming the first chosen file `model` does not take (regenerating: it is left out instead). */
function checkFilesTaken(request: AnswerRequest, items: ContextItems, model: AiModelRow) {
  if (request.lenientContext) return;
  const refused = items.find((item) => item.format && !modelTakes(model, item.format));
  if (!refused) return;
  const message = `${model.displayName} does not accept file ${refused.id} "${refused.title}" (${refused.format?.toUpperCase()})`;
  throw fieldError(400, 'context.fileIds', message);
}

/**
 * What every model's answer to one question shares: the context items and their ranking, the instructions, memory on or
 * off.
 */
interface Shared {
  items: ContextItems;
  /** The gems of others (shared with the asker) among the items: watched while each answer is read. */
  othersGems: { id: number; title: string }[];
  ranking: Ranking | undefined;
  instructions: Instructions;
  memory: boolean;
}

/** One model's prompt (the context fitted to its length) and the `context` to store with its message. */
function prepareAnswer(
  request: AnswerRequest,
  { items, ranking, instructions, memory, othersGems }: Shared,
  { model, access, team }: ModelAccess,
  multi: { index: number; count: number },
): Prepared {
  const tool = request.options?.tool ?? 'chat';
  refuseUnfitTool(model, tool);
  checkFilesTaken(request, items, model);
  const fitted = fitContext(items, model.contentLength, { ranking, takes: (format) => modelTakes(model, format) });
  const citable = request.options?.citations ? citableItems(fitted.manifest.items) : undefined;
  const built = answerPrompt(
    model,
    request,
    [
      fitted.block,
      citable ? citationInstruction(citable) : '',
      memory ? MEMORY_PROPOSAL_INSTRUCTION : '',
      request.regenerate?.instructions ?? '',
    ],
    instructions.layers,
    fitted.images,
  );
  const { regenerate } = request;
  const context: MessageContext = {
    ...(request.context || items.length ? fitted.manifest : {}),
    ...(request.context ? { input: request.context } : {}),
    ...(Object.keys(instructions.used).length ? { instructions: instructions.used } : {}),
    ...(regenerate ? { regenerate: { fromMessageId: regenerate.fromMessageId, ...regenerate.options } } : {}),
    ...storedOptions(request),
    // Answers of several models to one question: the panel shows them as siblings.
    ...(multi.count > 1 ? { multi } : {}),
  };
  const { llm, ...tools } = toolSetup(model, access, tool, request.options?.reasoningEffort);
  return { model, access, team, llm, tools, built, context, citable, memory, othersGems };
}

/** A stored question: what generation needs to write its answer, and when it was stored. */
type Stored = Persist & { createdAt: string };

/** Stores the question (status 'pending', leased to this copy) in chat `chatId`. */
async function storeQuestion(
  { db, generations, userId }: RequestContext,
  chatId: number,
  request: AnswerRequest,
  { model, context }: Prepared,
): Promise<Stored> {
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
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!row) throw new Error('message insert returned no row');
  return { db, messageId: row.id, createdAt: row.createdAt.toISOString(), lease: generations.lease };
}

type Held = Prepared & { holdId: number | null; teamCharge?: TeamCharge };

/**
 * Holds the member's team allowance for the answers through a team's shared key (after the credits: when it is spent,
 * the credits held are given back and the request refused).
 */
async function holdTeamAllowances(ctx: RequestContext, answers: Held[]): Promise<Held[]> {
  const { db, userId, generations } = ctx;
  const wanted = answers.flatMap(({ team, model }) => (team ? [{ ...team, model }] : []));
  if (!wanted.length) return answers;
  const charges = await holdAllowances(db, userId, wanted, generations.lease.seconds).catch(async (error) => {
    await returnUnused(answers.flatMap((answer) => chargeOf(ctx, answer) ?? []));
    throw error;
  });
  return answers.map((answer) => (answer.team ? { ...answer, teamCharge: charges.shift() } : answer));
}

/** Who pays for a house model's answer (credits) or a team key's (the allowance), and its hold, leased as its message. */
const chargeOf = (
  { db, generations, userId }: RequestContext,
  { model, holdId, teamCharge }: Held,
): Charge | undefined =>
  model.isHouseModel || teamCharge
    ? { db, userId, holdId, seconds: generations.lease.seconds, ...(teamCharge ? { team: teamCharge } : {}) }
    : undefined;

/** An answer asked of its model's provider, read once its question is stored. */
interface Begun {
  generation: Generation;
  asked: ProviderAnswer;
}

/** Asks the model's provider for the answer now, before its question is stored (see askProvider). */
function beginAnswer({ llm, built, tools }: Held): Begun {
  const generation = new NewGeneration();
  return { generation, asked: askProvider(generation, { llm, ...built, tools }) };
}

/** One answer of a request: the request's context, the request, the answer prepared and held, and its begun reading. */
interface AnswerStep {
  ctx: RequestContext;
  request: AnswerRequest;
  answer: Held;
  begun: Begun;
}

/** Reads one answer begun into its generation in the background (stored through `persist`, or nowhere). */
function launchAnswer({
  ctx,
  request,
  answer,
  begun,
  persist,
}: AnswerStep & { persist: Stored | undefined }): StartedAnswer {
  const { model, access, llm, tools, built, citable, memory } = answer;
  const { generation, asked } = begun;
  const messageId = persist?.messageId ?? null;
  ctx.generations.start(messageId, generation, () =>
    generate(generation, model, asked, {
      llm,
      providerName: access.name,
      providerKey: access.apiKey,
      providerOnBehalf: access.onBehalf,
      ...built,
      tools,
      persist,
      ...(answer.othersGems.length ? { watch: { db: ctx.db, userId: ctx.userId, gems: answer.othersGems } } : {}),
      followUps: request.options?.followUps === true,
      citable,
      memoryProposals: memory,
      charge: chargeOf(ctx, answer),
    }),
  );
  const createdAt = persist?.createdAt ?? null;
  return { messageId, createdAt, modelId: model.id, displayName: model.displayName, generation };
}

/**
 * Stores the question of an answer begun, after one turn of the event loop: the provider's request is sent first,
 * before PGlite's insert and disk flush hold the thread. A store that fails calls the answer off.
 */
async function storeBegun({ ctx, request, answer, begun, chatId }: AnswerStep & { chatId: number }): Promise<Stored> {
  try {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return await storeQuestion(ctx, chatId, request, answer);
  } catch (error) {
    dropAnswer(begun.generation, begun.asked);
    throw error;
  }
}

/**
 * The instructions (persona, voice, prompt; defaults from the user's settings), the memories relevant
 * to the question when memory is on, then the request's context items.
 */
async function shareAnswers(
  { db, ai, userId, files }: RequestContext,
  request: AnswerRequest,
  accesses: ModelAccess[],
  settings: SettingsRow,
): Promise<Shared> {
  const defaults = { brandVoiceId: settings.defaultBrandVoiceId, personaId: settings.defaultBrandPersona };
  const instructions = await resolveInstructions(db, userId, request.choice, defaults, request.lenientContext);
  assertHiddenPromptModels(instructions.hiddenPrompt, accesses);
  const memory = request.choice.memory ?? settings.enableMemory;
  const memories: ContextItem[] = memory ? await relevantMemories(db, userId, request.text) : [];
  const gathered = await gatherContext(db, userId, request.context, {
    store: files.store,
    chatId: request.chatId,
    lenient: request.lenientContext,
  });
  const items = [...memories, ...gathered];
  // The gems' passages are ranked for the question only when they may not all fit a model.
  const ranking = accesses.some(({ model }) => needsRanking(items, model.contentLength))
    ? await rankPassages(db, items, request.text, meaningOf(db, ai, userId, request.text))
    : undefined;
  const othersGems = items.flatMap((item) =>
    isMaterial(item) && item.id !== undefined && item.ownerId !== undefined && item.ownerId !== userId
      ? [{ id: item.id, title: item.title }]
      : [],
  );
  return { items, ranking, instructions, memory, othersGems };
}

/**
 * Checks every model (400 with the spec's message when a key is missing) and the context before
 * anything is stored; then, per model, asks the provider, stores the question (status 'pending') with its context
 * manifest unless temporary and reads the answer in the background (all concurrently).
 */
export async function startAnswers(
  ctx: RequestContext,
  request: AnswerRequest,
  /** The user's settings row, when the caller read it already (with the chat). */
  settingsRow?: SettingsRow,
): Promise<StartedAnswer[]> {
  const { db, ai, generations, userId } = ctx;
  const settings = settingsRow ?? (await getSettingsRow(db, ai, userId));
  // Looked up together; the first model refused, in the request's order, is the one the 400 names.
  const looked = await Promise.allSettled(
    request.modelIds.map((modelId) => modelAccess(db, ai, userId, modelId, settings, { team: true })),
  );
  const refused = looked.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
  const accesses = looked.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const shared = await shareAnswers(ctx, request, accesses, settings);
  const prepared = await holdTeamAllowances(
    ctx,
    await holdCredits(
      db,
      userId,
      accesses.map((access, index) => prepareAnswer(request, shared, access, { index, count: accesses.length })),
      generations.lease.seconds,
    ),
  );
  const started: StartedAnswer[] = [];
  try {
    if (request.storeIn !== null) await claimChatFiles(db, userId, request.storeIn, request.context?.fileIds ?? []);
    // One model after another, each asked just before its question is stored: the providers get the requests and
    // the messages their ids in the models' order.
    for (const answer of prepared) {
      const step = { ctx, request, answer, begun: beginAnswer(answer) };
      const persist = request.storeIn === null ? undefined : await storeBegun({ ...step, chatId: request.storeIn });
      started.push(launchAnswer({ ...step, persist }));
    }
  } catch (error) {
    // The answers started settle their own holds; those never started give theirs back now.
    const unused = prepared.slice(started.length).flatMap((answer) => chargeOf(ctx, answer) ?? []);
    await returnUnused(unused);
    throw error;
  }
  return started;
}

/** One answer (regenerating). */
export async function startAnswer(ctx: RequestContext, request: AnswerRequest) {
  const [started] = await startAnswers(ctx, request);
  if (!started) throw new Error('no answer started');
  return started;
}
