import { z } from 'zod';
import { maxQueryLength } from '../search/syntax';
import {
  type ContextManifestItem,
  contextManifestItemSchema,
  contextTotalsSchema,
  type RegenerateOptions,
} from './answer-context-contract';
import { MAX_FILES_PER_MESSAGE } from './chat-files-contract';
import { CHAT_TYPES } from './chat-history-contract';
import {
  ANSWER_TOOLS,
  generatedImageSchema,
  PICTURE_SHAPES,
  REASONING_EFFORTS,
  searchAnswerSchema,
  searchResultSchema,
} from './chat-tools-contract';
import { idSchema } from './integers';
import { isHttpUrl, messages, urlSchema } from './validators';
import { usedInstructionsSchema } from './voice-contract';

export * from './answer-context-contract';
export * from './chat-history-contract';
export * from './chat-tools-contract';

/**
 * Chats. A chat is a gem of media type 'AIChat' in the user's
 * "AI Chats" collection; its messages live in their own table. Answers stream as server-sent events:
 *
 * - `message` `{id, createdAt}`: the stored message's id and when its question was stored (both `null` for a temporary
 *   chat, which stores nothing);
 * - `delta` `{text}`: the next piece of the answer (on re-attach, the first delta is all stored so far);
 * - `done` `{status, usage, cost}`: the answer is complete (`status` 'done') or was stopped ('stopped');
 * - `error` `{message}`: the provider failed, or the answer was interrupted (its server crashed); the reason is stored
 * on the message too;
 * - `followups` `{questions}` (with `followUps: true`): after `done` (the answer is complete and the next question can
 *   be sent while they are asked for), the stream's last event (an empty list when the follow-up request failed or its
 *   reply was unreadable: the answer still succeeds);
 * - `done` also carries `citations` (with `citations: true`): the included context items cited as [n].
 *
 * With `modelIds` (1–4 models side by side) every event carries `id` (message id) and `index`; see
 * `chatStreamEvents`. Options `brandVoiceId`, `personaId`, `promptId`, `promptVariables`, `promptPart`,
 * `memory`, `costEstimate` (and `followUps`, `citations`) are stored in the message's `context.options`
 * when given; the brand voice, persona and prompt used (ids and names) in `context.instructions`.
 * - `memory` `{proposal}` (memory on): a fact the assistant proposes to remember, before `done`/`followups`.
 */

/** `POST /api/chats`. */
export const createChatBody = z.strictObject({
  type: z.enum(CHAT_TYPES).default('chat'),
  title: z.string().trim().min(1, messages.required).max(500, messages.tooLong).optional(),
  /** The page the chat was started from, if any. */
  url: urlSchema.optional(),
});

/** `PUT /api/chats/{id}`: the chat's new title (`DELETE /api/chats/{id}` deletes it with its messages and link). */
export const renameChatBody = z.strictObject({
  title: z.string().trim().min(1, messages.required).max(500, messages.tooLong),
});

/** At most this many models answer one question side by side (`modelIds`). */
export const MAX_MODELS_PER_MESSAGE = 4;

/** `POST /api/chats/{id}/messages`: exactly one of `modelId` and `modelIds`. */
export const sendMessageBody = z.strictObject({
  text: z.string().trim().min(1, messages.required).max(200_000, messages.tooLong),
  modelId: idSchema.optional(),
  /** Several models at once: one answer (one stored message) per model, streamed side by side. */
  modelIds: z
    .array(idSchema)
    .min(1, 'give at least one model')
    .max(MAX_MODELS_PER_MESSAGE, `at most ${MAX_MODELS_PER_MESSAGE} models`)
    .refine((ids) => new Set(ids).size === ids.length, 'a model can be given only once')
    .optional(),
  /** A language code (e.g. 'fr') the answer should be written in. */
  language: z.string().trim().min(1).max(20).nullish(),
  /** A temporary chat: nothing is stored, the answer is only streamed. */
  temporary: z.boolean().default(false),
  /**
   * Brand voice and persona (lib/api/voice-contract.ts): each reaches the model as its own system
   * message (persona, then voice, then the prompt), never mixed into `text`. Left out, the user's default
   * (`defaultBrandVoiceId`, `defaultBrandPersona`) applies; `null` turns it off for this message. One the
   * user may not use is a 404 naming the field. What was used is stored in `context.instructions`.
   */
  brandVoiceId: idSchema.nullish(),
  personaId: idSchema.nullish(),
  /** A prompt the user may use (their own or a public one, hidden or not), filled with `promptVariables`. */
  promptId: idSchema.optional(),
  /** Values of the prompt's `{{variables}}` by name (a dropdown's value must be one of its options). */
  promptVariables: z
    .record(z.string().max(200), z.string().max(10_000, messages.tooLong))
    .refine((v) => Object.keys(v).length <= 50, 'at most 50 variables')
    .optional(),
  /** Which part of a prompt queue (three dashes) to send, from 0; default the first. */
  promptPart: z.number().int().min(0).max(99).optional(),
  /**
   * Memory on/off for this message (default: the user's `enableMemory`). On, the memories most
   * relevant to the question go into the context (manifest kind 'memory') and the model may propose a
   * new one (`memory` event, `memoryProposal` on the message).
   */
  memory: z.boolean().optional(),
  /** Ask for a few follow-up questions after the answer (`followups` event, `followUps` on the message). */
  followUps: z.boolean().optional(),
  /** Ask the model to cite the included context items as [n]; the cited items go in `citations`. */
  citations: z.boolean().optional(),
  /** Whether the UI shows the cost (the `done` event always carries it): stored only. */
  costEstimate: z.boolean().optional(),
  /**
   * The composer's tool (default 'chat'): 'web-search' answers with the provider's own web search (models with
   * `is_web_search_enabled`), 'research' with a reasoning model's reasoning (summary in `reasoning`).
   */
  tool: z.enum(ANSWER_TOOLS).optional(),
  /** Research: how hard the model reasons, where its provider takes a choice. */
  reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageBody>;

export const MESSAGE_STATUSES = ['pending', 'streaming', 'done', 'error', 'stopped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageUsageSchema = z.object({ input: z.number(), output: z.number() });
export type MessageUsage = z.infer<typeof messageUsageSchema>;

/** A context item an answer cited as `[n]` (n counts the included items in manifest order, from 1). */
export const citationSchema = z.object({
  n: z.number(),
  kind: z.string(),
  id: z.number().optional(),
  url: z.string().optional(),
  title: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const MEMORY_PROPOSAL_ANSWERS = ['saved', 'dismissed'] as const;
/**
 * `POST /api/messages/{id}/memory-proposal`: the user's answer to the message's memory proposal, recorded
 * once; 'saved' also makes the memory (from the stored proposal). Answers `{data: message}`.
 */
export type MemoryProposalAnswer = (typeof MEMORY_PROPOSAL_ANSWERS)[number];
export const memoryProposalAnswerBody = z.strictObject({
  data: z.strictObject({ action: z.enum(MEMORY_PROPOSAL_ANSWERS) }),
});

/**
 * The data of each streamed event. With `modelIds` (several models), every event also carries the
 * message `id` it belongs to (null when temporary) and `index` (the model's position in `modelIds`),
 * and `message` carries `modelId` and `displayName`; the stream ends after every answer has ended.
 * `followups` comes after its answer's `done`.
 */
const tag = { id: z.number().nullable().optional(), index: z.number().optional() };
export const chatStreamEvents = {
  message: z.object({
    id: z.number().nullable(),
    createdAt: z.iso.datetime().nullable(),
    index: z.number().optional(),
    modelId: z.number().optional(),
    displayName: z.string().optional(),
  }),
  delta: z.object({ ...tag, text: z.string() }),
  /** Research: the next piece of the model's reasoning summary (on re-attach, all of it so far). */
  reasoning: z.object({ ...tag, text: z.string() }),
  /** Web search: the pages the answer drew on so far (each event carries the whole list). */
  sources: z.object({ ...tag, results: z.array(searchResultSchema) }),
  followups: z.object({ ...tag, questions: z.array(z.string()) }),
  /** Memory on and the model proposed a memory: after the answer is stored, before `done` and `followups`. */
  memory: z.object({ ...tag, proposal: z.string() }),
  done: z.object({
    ...tag,
    status: z.enum(['done', 'stopped']),
    usage: messageUsageSchema.nullable(),
    cost: z.number().nullable(),
    citations: z.array(citationSchema).optional(),
  }),
  error: z.object({ ...tag, message: z.string() }),
};

/**
 * The context a question is asked with (issue 4 "Context assembly"): the current page's extract,
 * the gems saved at that page, chosen gems and collections, free text. The server fits them to the
 * model's context length (see server/features/answers/context.ts) and records what it kept in the message's `context`.
 */
/** Searches one question's context may name. */
export const MAX_CONTEXT_SEARCHES = 5;

export const chatContextInput = z.strictObject({
  pageExtract: z
    .strictObject({
      url: z
        .string()
        .trim()
        .max(4096)
        .refine((v) => isHttpUrl(v), messages.urlInvalid()),
      title: z.string().trim().max(1000, messages.tooLong).default(''),
      text: z.string().max(1_000_000, messages.tooLong),
    })
    .optional(),
  /** Add the user's gems saved at `pageExtract.url` (needs `pageExtract`). */
  includePageGems: z.boolean().default(false),
  gemIds: z.array(idSchema).max(100).default([]),
  collectionIds: z.array(idSchema).max(20).default([]),
  /**
   * Searches in the library's query language (lib/search/; '' is every gem), resolved when the question is answered:
   * each gives the first MAX_GEMS_PER_COLLECTION gems it finds, in its own order, from the gems the library lists.
   */
  searches: z.array(z.string().max(maxQueryLength, messages.tooLong)).max(MAX_CONTEXT_SEARCHES).default([]),
  text: z.string().max(1_000_000, messages.tooLong).optional(),
  /** Files from `POST /api/upload-chat-files`: documents go as their text, images as images (vision models). */
  fileIds: z.array(idSchema).max(MAX_FILES_PER_MESSAGE).default([]),
});
export type ChatContextInput = z.output<typeof chatContextInput>;

/** The page's saved gems are found by the page's address, so `includePageGems` needs `pageExtract`. */
const pageGemsHavePage = (context: { includePageGems?: boolean; pageExtract?: object } | undefined) =>
  !context?.includePageGems || context.pageExtract !== undefined;
const PAGE_GEMS_NEED_PAGE = 'includePageGems needs a pageExtract (the page whose gems to include)';

/** `POST /api/chats/{id}/messages` with its optional context. */
export const sendMessageWithContextBody = sendMessageBody
  .extend({ context: chatContextInput.optional() })
  .refine((v) => pageGemsHavePage(v.context), { message: PAGE_GEMS_NEED_PAGE, path: ['context', 'includePageGems'] })
  .refine((v) => v.modelId !== undefined || v.modelIds !== undefined, {
    message: 'modelId (or modelIds) is required',
    path: ['modelId'],
  })
  .refine((v) => v.modelId === undefined || v.modelIds === undefined, {
    message: 'give modelId or modelIds, not both',
    path: ['modelIds'],
  })
  .refine((v) => v.promptId !== undefined || (v.promptVariables === undefined && v.promptPart === undefined), {
    message: 'promptVariables and promptPart need a promptId',
    path: ['promptId'],
  });

/**
 * `POST /api/chats/context-size`: the part of a question's context whose text the server reads (chosen gems and
 * collections, the gems saved at the page), as `context` of `POST /api/chats/{id}/messages` names it, the page by its
 * `url` alone. Refused as sending refuses it (another user's gem or collection is a 404 naming the field).
 */
export const contextSizeBody = chatContextInput
  .pick({ includePageGems: true, gemIds: true, collectionIds: true, searches: true })
  .extend({ pageExtract: chatContextInput.shape.pageExtract.unwrap().pick({ url: true }).optional() })
  .refine(pageGemsHavePage, { message: PAGE_GEMS_NEED_PAGE, path: ['includePageGems'] });
export type ContextSizeInput = z.input<typeof contextSizeBody>;

/**
 * Its answer: how many gems would be sent, their characters and estimated tokens (~4 characters a token, each gem
 * under its heading, as the server counts them against the model's context length), before any fitting.
 */
export const contextSizeSchema = z.object({
  data: z.object({ chars: z.number(), tokens: z.number(), items: z.number() }),
});
export type ContextSize = z.infer<typeof contextSizeSchema>['data'];

/** A temporary chat sends at most this many earlier turns (`history`). */
export const MAX_TEMPORARY_HISTORY_TURNS = 50;
/** The longest question or answer of one earlier turn (as long as a question may be). */
export const MAX_HISTORY_TEXT = 200_000;

/** One earlier turn of a temporary chat, kept by the client: the question and the answer it got. */
export const temporaryChatTurn = z.strictObject({
  question: z.string().trim().min(1, messages.required).max(MAX_HISTORY_TEXT, messages.tooLong),
  /** As the model wrote it; an empty answer (stopped before any text) is skipped. */
  answer: z.string().max(MAX_HISTORY_TEXT, messages.tooLong),
});
export type TemporaryChatTurn = z.output<typeof temporaryChatTurn>;

/**
 * `POST /api/chats/temporary/messages`: a temporary chat that stores nothing at all (no chat, no
 * message). The body of `POST /api/chats/{id}/messages` (`temporary` may only be true, it is implied)
 * plus the earlier turns, oldest first, which the client keeps for as long as the chat lasts.
 */
export const temporaryMessageBody = sendMessageWithContextBody.safeExtend({
  temporary: z.literal(true, 'a message to /chats/temporary is always temporary').default(true),
  history: z
    .array(temporaryChatTurn)
    .max(MAX_TEMPORARY_HISTORY_TURNS, `at most ${MAX_TEMPORARY_HISTORY_TURNS} earlier turns`)
    .default([]),
});
export type TemporaryMessageInput = z.input<typeof temporaryMessageBody>;

/** The manifest kept in a message's `context`: what the answer was given; [] when the context holds none. */
export const manifestItems = (context: Pick<MessageContext, 'items'>): ContextManifestItem[] => context.items ?? [];

// ---------- a message's context ----------
/** The options of `POST /api/chats/{id}/messages` stored in the message's `context.options` when given. */
export const STORED_OPTIONS = [
  'brandVoiceId',
  'personaId',
  'promptId',
  'promptVariables',
  'promptPart',
  'memory',
  'followUps',
  'citations',
  'costEstimate',
  'tool',
  'reasoningEffort',
] as const;
const storedOptionsMask = Object.fromEntries(STORED_OPTIONS.map((key) => [key, true])) as {
  [K in (typeof STORED_OPTIONS)[number]]: true;
};

/** `context.options`: the options a message was sent with; a picture message's tool, shape and count. */
export const messageOptionsSchema = z.object({
  ...sendMessageBody.pick(storedOptionsMask).shape,
  tool: z.enum([...ANSWER_TOOLS, 'picture']).optional(),
  shape: z.enum(PICTURE_SHAPES).optional(),
  count: z.number().optional(),
});
export type MessageOptions = z.output<typeof messageOptionsSchema>;

/** `context.regenerate`: `regenerateBody`'s options as they were asked with (read as stored: no defaults filled in). */
const regenerateContextSchema = z.object({
  fromMessageId: z.number().optional(),
  showEmojis: z.boolean().optional(),
  humanizeResponse: z.boolean().optional(),
  polishResponse: z.boolean().optional(),
  readingLevel: z.number().optional(),
  responseLength: z.number().optional(),
  regenerationModel: z.number().nullish(),
  regenerationLanguage: z.string().nullish(),
}) satisfies z.ZodType<Partial<RegenerateOptions>>;

/**
 * A message's `context`, one object written by the server as the question is stored (and patched as its answer ends
 * and its memory proposal is answered): the manifest of the context fitted to the model (`items`, `totals`,
 * `estimate`), the context asked with (`input`), the instructions used, the options, and what places the answer in
 * its turn (`regenerate`, `multi`).
 */
export const messageContextSchema = z.object({
  items: z.array(contextManifestItemSchema).optional(),
  totals: contextTotalsSchema.optional(),
  /** How the tokens were estimated (e.g. "~4 characters per token"). */
  estimate: z.string().optional(),
  /** The context the question was asked with, as sent (regenerating asks with it again). */
  input: chatContextInput.optional(),
  instructions: usedInstructionsSchema.optional(),
  options: messageOptionsSchema.optional(),
  /** A regenerated answer: the answer it regenerated (gone when a copy left it behind) and the options asked with. */
  regenerate: regenerateContextSchema.optional(),
  /** One of several models' answers to one question: its place among them. */
  multi: z.object({ index: z.number(), count: z.number() }).optional(),
  /** The memory the answer proposed (memory on), and how the user answered it. */
  memoryProposal: z.string().optional(),
  memoryProposalAnswer: z.enum(MEMORY_PROPOSAL_ANSWERS).optional(),
});
export type MessageContext = z.output<typeof messageContextSchema>;

export const messageSchema = z.object({
  id: z.number(),
  chatId: z.number(),
  userText: z.string(),
  /** The answer so far (complete once `status` is 'done'); a web-search answer is `{answer, results}`. */
  text: z.union([z.string(), searchAnswerSchema]),
  /** A reasoning model's summary of its reasoning (research tool); null when there is none. */
  reasoning: z.string().nullable().optional(),
  /** The pictures made (picture tool); null for a written answer. */
  images: z.array(generatedImageSchema).nullable().optional(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.string().nullable(),
  modelId: z.number().nullable(),
  model: z.string(),
  displayName: z.string(),
  provider: z.string(),
  language: z.string().nullable(),
  usage: messageUsageSchema.nullable(),
  /** US dollars, from the catalogue's prices × usage. */
  cost: z.number().nullable(),
  /** What the question was asked with and what became of it (see messageContextSchema). */
  context: messageContextSchema,
  /** Follow-up questions (asked for with `followUps`); null when none were asked for. */
  followUps: z.array(z.string()).nullable(),
  /** The context items the answer cited (asked for with `citations`); null when none were asked for. */
  citations: z.array(citationSchema).nullable(),
  /**
   * A lasting fact the assistant proposes to remember (memory on); answered with `POST
   * /api/messages/{id}/memory-proposal`.
   */
  memoryProposal: z.string().nullable().optional(),
  /** How the user answered the proposal; null while it waits (the panel shows it only then). */
  memoryProposalAnswer: z.enum(MEMORY_PROPOSAL_ANSWERS).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
/** A message's answer text, whether it is written or search-style. */
export const answerOf = (message: Pick<Message, 'text'>) =>
  typeof message.text === 'string' ? message.text : message.text.answer;
/** A search-style message's results; null for any other. */
export const resultsOf = (message: Pick<Message, 'text'>) =>
  typeof message.text === 'string' ? null : message.text.results;
export const messageListSchema = z.object({ data: z.array(messageSchema), total: z.number() });
