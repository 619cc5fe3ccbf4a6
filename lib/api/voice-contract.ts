import { z } from 'zod';
import { idSchema, MAX_PAGE, queryInteger } from './integers';
import { messages, titleSchema } from './validators';

/**
 * "Your voice and your material": prompts, brand
 * voices, personas (agents) and memories are gems of their own media types ('Prompt', 'BrandVoice',
 * 'Persona', 'Memory') in the user's AI Chats collection. The spec shows no paths; these are:
 *
 * - Prompts: `GET /api/prompts` (search, category, scope, page, perPage → `{data,total}`),
 *   `POST /api/prompts`, `GET|PUT|DELETE /api/prompts/{id}`, `POST /api/prompts/{id}/optimize`
 *   (author only: the model's improved text, not saved), `GET /api/fetch-public-prompts` and
 *   `GET /api/fetch-public-expanders`, `POST /api/chats/{id}/prompt` (Share Options "Create
 *   prompt from current conversation"), `POST /api/messages/{id}/prompt` (Chat Options Save → Ai Prompt).
 * - Brand voices: `GET|POST /api/brand-voices`, `GET|PUT|DELETE /api/brand-voices/{id}`.
 * - Personas: `GET|POST /api/personas`, `GET|PUT|DELETE /api/personas/{id}`.
 * - Memories: `GET|POST /api/memories`, `GET|PUT|DELETE /api/memories/{id}`.
 * - Defaults: `PUT /api/ai-settings` with `defaultBrandVoiceId` / `defaultBrandPersona` (the names
 *   are filled from the voice/persona when not given; null clears both).
 *
 * Prompts are readable by their author and, when `media.isPublic`, by everyone; everything else only
 * by its author (another user's id is a 404). A prompt with `media.showPrompt` false is "hidden": to
 * anyone but its author, `text` is null and `expander` empty in every answer (`textHidden` true), but it
 * can still be used in chat by `promptId` (its `variables` and `queueLength` say how).
 */

export const PROMPT_CATEGORIES = ['Search', 'Chat', 'Write', 'Rewrite', 'Reply', 'Reading'] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];
/** A prompt is sent to the model; an expander is text inserted as it is (`fetch-public-expanders`). */
export const PROMPT_TYPES = ['prompt', 'expander'] as const;
export const PROMPT_SCOPES = ['all', 'mine', 'public'] as const;

export const MAX_PROMPT_TEXT = 100_000;
export const MAX_INSTRUCTION_TEXT = 20_000;
export const MAX_MEMORY_TEXT = 2_000;

/** One part of a prompt's editor content: HTML (`text`) and its plain text. */
export const expanderPartSchema = z.strictObject({
  type: z.enum(['prompt', 'expander']),
  text: z.string().max(MAX_PROMPT_TEXT, messages.tooLong),
  plainText: z.string().max(MAX_PROMPT_TEXT, messages.tooLong),
});
export type ExpanderPart = z.infer<typeof expanderPartSchema>;

const promptText = z.string().max(MAX_PROMPT_TEXT, messages.tooLong);
const description = z.string().max(10_000, messages.tooLong);
const promptFields = {
  title: titleSchema,
  description: description.default(''),
  /** The prompt as sent to the model, with `{{variables}}`; when left out, the expander parts' plain text. */
  text: promptText.optional(),
  expander: z.array(expanderPartSchema).max(50).default([]),
  category: z.enum(PROMPT_CATEGORIES).default('Chat'),
  showPrompt: z.boolean().default(true),
  isPublic: z.boolean().default(false),
  promptType: z.enum(PROMPT_TYPES).default('prompt'),
};

const hasText = (v: { text?: string; expander?: ExpanderPart[] }) =>
  Boolean(v.text?.trim() || v.expander?.some((part) => part.plainText.trim()));

/** `POST /api/prompts`. */
export const createPromptBody = z.strictObject({
  data: z.strictObject(promptFields).refine(hasText, { message: messages.required, path: ['text'] }),
});
export type CreatePromptInput = z.input<typeof createPromptBody>['data'];

/** `PUT /api/prompts/{id}` (the spec's `data{expander, text}`, and any other field). */
export const updatePromptBody = z.strictObject({
  data: z
    .strictObject({
      title: titleSchema.optional(),
      description: description.optional(),
      text: promptText.optional(),
      expander: z.array(expanderPartSchema).max(50).optional(),
      category: z.enum(PROMPT_CATEGORIES).optional(),
      showPrompt: z.boolean().optional(),
      isPublic: z.boolean().optional(),
      promptType: z.enum(PROMPT_TYPES).optional(),
      /**
       * The prompt's `updatedAt` as the editor read it: when given, the edit is refused (409) if the prompt
       * was changed since, so one of two edits at once is not lost unseen.
       */
      updatedAt: z.iso.datetime({ offset: true }).optional(),
    })
    .refine((v) => v.text === undefined || hasText(v) || hasText({ text: v.text }), {
      message: messages.required,
      path: ['text'],
    }),
});
export type UpdatePromptInput = z.input<typeof updatePromptBody>['data'];

/** The 409 of an edit made to a prompt changed since the editor read it (`updatedAt`). */
export const PROMPT_CHANGED_ELSEWHERE = 'This prompt was changed elsewhere; reload it to see the latest version';

const search = z.string().trim().max(200).default('');
const pageFields = { page: queryInteger(1, MAX_PAGE).default(1), perPage: queryInteger(1, 100).default(20) };

/**
 * `GET /api/prompts`: `category` 'All' (or none) is every category; `scope` mine, public (others' too) or all I can
 * use.
 */
export const promptListQuery = z.object({
  search,
  category: z
    .enum(['All', ...PROMPT_CATEGORIES])
    .optional()
    .transform((v) => (v === 'All' ? undefined : v)),
  scope: z.enum(PROMPT_SCOPES).default('all'),
  ...pageFields,
});
/** `GET /api/fetch-public-prompts` and `GET /api/fetch-public-expanders`. */
export const publicPromptQuery = promptListQuery.omit({ scope: true });

export const promptVariableSchema = z.object({ name: z.string(), options: z.array(z.string()).nullable() });

export const promptSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** Null when hidden from this user (`textHidden`). */
  text: z.string().nullable(),
  /** Empty when hidden from this user. */
  expander: z.array(expanderPartSchema),
  textHidden: z.boolean(),
  /** Always given, hidden or not, so a hidden prompt can be filled in (`promptVariables` in chat). */
  variables: z.array(promptVariableSchema),
  /** Parts of the prompt queue (three dashes); `promptPart` in chat picks one. */
  queueLength: z.number(),
  author: z.object({ id: z.number(), username: z.string() }),
  /** The signed-in user wrote it: may see, edit, optimize and delete it. */
  isAuthor: z.boolean(),
  media: z.object({
    showPrompt: z.boolean(),
    isPublic: z.boolean(),
    category: z.enum(PROMPT_CATEGORIES),
    promptType: z.enum(PROMPT_TYPES),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;
export const promptListSchema = z.object({ data: z.array(promptSchema), total: z.number() });

/**
 * `POST /api/prompts/{id}/optimize`: the model's improved prompt (`text`: the editor's current text, else the stored
 * one).
 */
export const optimizePromptBody = z.strictObject({
  modelId: idSchema,
  text: promptText.refine((v) => v.trim().length > 0, messages.required).optional(),
});
export const optimizedPromptSchema = z.object({ data: z.object({ text: z.string() }) });

/** `POST /api/chats/{id}/prompt`: the model writes a reusable prompt from the conversation. */
export const promptFromChatBody = z.strictObject({
  modelId: idSchema,
  category: z.enum(PROMPT_CATEGORIES).default('Chat'),
});
/** `POST /api/messages/{id}/prompt`: Save → Ai Prompt (the answer becomes a prompt's text). */
export const promptFromAnswerBody = z.strictObject({
  title: titleSchema.optional(),
  category: z.enum(PROMPT_CATEGORIES).default('Write'),
});

// ---------- brand voices and personas ----------
const name = z.string({ error: messages.required }).trim().min(1, messages.required).max(200, messages.tooLong);
const instructions = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(MAX_INSTRUCTION_TEXT, messages.tooLong);

/** A sample written in the voice, given to the model beside the description of the tone (empty: none). */
const sampleText = z.string().trim().max(MAX_INSTRUCTION_TEXT, messages.tooLong);
/** The model a persona answers with when picked (the panel switches to it); null: the chat's own choice. */
const personaModelId = idSchema.nullable();

/**
 * `POST /api/brand-voices`: `text` describes the tone of voice (it reaches the model as an instruction), `sampleText`
 * shows it.
 */
export const createBrandVoiceBody = z.strictObject({
  data: z.strictObject({
    name,
    description: description.default(''),
    text: instructions,
    sampleText: sampleText.default(''),
  }),
});
export const updateBrandVoiceBody = z.strictObject({
  data: z.strictObject({
    name: name.optional(),
    description: description.optional(),
    text: instructions.optional(),
    sampleText: sampleText.optional(),
  }),
});
export type CreateBrandVoiceInput = z.input<typeof createBrandVoiceBody>['data'];

/** `POST /api/personas`: who the assistant acts as (`text`: its instructions). */
export const createPersonaBody = z.strictObject({
  data: z.strictObject({
    name,
    jobTitle: z.string().trim().max(200, messages.tooLong).default(''),
    description: description.default(''),
    text: instructions,
    modelId: personaModelId.default(null),
  }),
});
export const updatePersonaBody = z.strictObject({
  data: z.strictObject({
    name: name.optional(),
    jobTitle: z.string().trim().max(200, messages.tooLong).optional(),
    description: description.optional(),
    text: instructions.optional(),
    modelId: personaModelId.optional(),
  }),
});
export type CreatePersonaInput = z.input<typeof createPersonaBody>['data'];

/** `GET /api/brand-voices`, `/api/personas`, `/api/memories`: case-insensitive substring search. */
export const instructionListQuery = z.object({ search, ...pageFields });

const author = z.object({ id: z.number(), username: z.string() });
export const brandVoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  text: z.string(),
  sampleText: z.string(),
  media: z.object({ brand_voice_name: z.string() }),
  author,
  /** The user's default brand voice (`defaultBrandVoiceId`). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BrandVoice = z.infer<typeof brandVoiceSchema>;
export const personaSchema = z.object({
  id: z.number(),
  name: z.string(),
  jobTitle: z.string(),
  description: z.string(),
  text: z.string(),
  /** Its default model: picking the persona in the panel switches to it. */
  modelId: z.number().nullable(),
  media: z.object({ persona_job_title: z.string() }),
  author,
  /** The user's default persona (`defaultBrandPersona`). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;
export const brandVoiceListSchema = z.object({ data: z.array(brandVoiceSchema), total: z.number() });
export const personaListSchema = z.object({ data: z.array(personaSchema), total: z.number() });

// ---------- memories ----------
const memoryText = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(MAX_MEMORY_TEXT, messages.tooLong);
/** `POST /api/memories` (also how the panel confirms a `memoryProposal`) and `PUT /api/memories/{id}`. */
export const memoryBody = z.strictObject({ data: z.strictObject({ memory: memoryText }) });
export const memorySchema = z.object({
  id: z.number(),
  /** The memory's gem (its own id: a memory is a gem). */
  gemId: z.number(),
  memory: z.string(),
  media: z.object({ data: z.object({ memory: z.string() }) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;
export const memoryListSchema = z.object({ data: z.array(memorySchema), total: z.number() });

// ---------- in chat ----------
/** What a message was asked with, in its `context.instructions` (ids and names; a prompt's text never). */
export const usedInstructionsSchema = z.object({
  persona: z.object({ id: z.number(), name: z.string() }).optional(),
  brandVoice: z.object({ id: z.number(), name: z.string() }).optional(),
  /** `part`: which part of the prompt queue was sent, from 0. */
  prompt: z.object({ id: z.number(), title: z.string(), part: z.number() }).optional(),
});
export type UsedInstructions = z.infer<typeof usedInstructionsSchema>;
