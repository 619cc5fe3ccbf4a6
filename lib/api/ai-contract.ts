import { z } from 'zod';
import { idSchema, MAX_PAGE, queryInteger } from './integers';
import { isHttpUrl, messages } from './validators';

/**
 * AI models and AI settings (README: The model catalogue file, and API).
 * Request bodies of these routes are flat JSON objects, as the spec's calls send them.
 *
 * Naming: the spec's `isCurateitAI` ("the provider is the product itself") and `isDefaultForCurateit`
 * are kept under those names here for compatibility; on the server they are the "house model" and
 * "default house model" flags (`is_house_model` / `is_default_house_model` in `ai_models`).
 */

export const AI_MODEL_TYPES = ['Text', 'Image'] as const;
/** How a model can be used: the product's credits, the user's own key, a team's key, or not at all. */
export const MODEL_LABELS = ['Credits', 'API', 'Team', 'Inactive'] as const;
export type ModelLabel = (typeof MODEL_LABELS)[number];

export const aiModelSchema = z.object({
  id: z.number(),
  model: z.string(),
  provider: z.string(),
  displayName: z.string(),
  type: z.enum(AI_MODEL_TYPES),
  logoLink: z.string().nullable(),
  isActive: z.boolean(),
  languages: z.array(z.object({ label: z.string(), code: z.string() })),
  is_web_search_enabled: z.boolean(),
  is_reasoning_enabled: z.boolean(),
  is_audio_enabled: z.boolean(),
  is_video_enabled: z.boolean(),
  is_vision_enabled: z.boolean(),
  is_image_generated: z.boolean(),
  isAttachmentSupported: z.boolean(),
  content_length: z.number(),
  supported_file_formats: z.array(z.string()),
  /** A house model (the product's own, used with credits). */
  isCurateitAI: z.boolean(),
  /** The default house model. */
  isDefaultForCurateit: z.boolean(),
  /** US dollars per million tokens, for cost estimates. */
  inputPricePerMillion: z.number(),
  outputPricePerMillion: z.number(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelsQuery = z.object({
  page: queryInteger(1, MAX_PAGE).default(1),
  pageSize: queryInteger(1, 100).default(100),
  type: z.enum(AI_MODEL_TYPES).optional(),
});

export const aiModelListSchema = z.object({
  data: z.array(aiModelSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** The two kinds of server a user can add as a custom endpoint (issue 11 "Custom providers"). */
export const CUSTOM_ENDPOINT_KINDS = ['openai-compatible', 'ollama'] as const;
export type CustomEndpointKind = (typeof CUSTOM_ENDPOINT_KINDS)[number];

/**
 * What discovery learned of a custom endpoint's model. Each is null when the endpoint did not say
 * (an OpenAI-compatible `/models` list says nothing of them; Ollama's `/api/show` says what it knows):
 * unknown, never guessed.
 */
export const discoveredCapabilitiesSchema = z.object({
  contextLength: z.number().nullable(),
  vision: z.boolean().nullable(),
  tools: z.boolean().nullable(),
  thinking: z.boolean().nullable(),
  /** The context length the user set for the model, used instead of what the endpoint reported (or the budget). */
  contextLengthSet: z.number().nullable().optional(),
});
export type DiscoveredCapabilities = z.infer<typeof discoveredCapabilitiesSchema>;

export const userModelSchema = aiModelSchema.extend({
  label: z.enum(MODEL_LABELS),
  /** Why the model is Inactive (the message a request with it would be refused with); null when usable. */
  inactiveReason: z.string().nullable(),
  /** The user's per-model switch (`change-model-status`). */
  enabled: z.boolean(),
  /** The user's per-provider switch (`change-provider-status`). */
  providerEnabled: z.boolean(),
  /** The user's custom endpoint the model was discovered from; null for the catalogue's models. */
  endpoint: z.object({ id: z.number(), name: z.string(), kind: z.enum(CUSTOM_ENDPOINT_KINDS) }).nullable(),
  /** A discovered model's context length and capabilities as its endpoint reported them; null for the catalogue's. */
  discovered: discoveredCapabilitiesSchema.nullable(),
  /** The team whose shared key serves it (label Team); null otherwise. */
  team: z.object({ id: z.number(), name: z.string(), keyId: z.number() }).nullable().optional(),
});
export type UserModel = z.infer<typeof userModelSchema>;
export const userModelListSchema = z.object({ data: z.array(userModelSchema), total: z.number() });

/** One provider as the settings show it: never the key itself, only its mask. */
export const aiProviderSettingsSchema = z.object({
  provider: z.string(),
  slug: z.string(),
  /** False for Ollama (a base URL makes it usable) and the house provider. */
  keyRequired: z.boolean(),
  /** `••••1234` or null when no key is set. */
  apiKey: z.string().nullable(),
  baseUrl: z.string().nullable(),
  enabled: z.boolean(),
});
export type AiProviderSettings = z.infer<typeof aiProviderSettingsSchema>;

const nullableText = (max: number) => z.string().trim().max(max).nullable();

/**
 * The side panel's Chat Settings checkboxes, persisted in ai_settings:
 * Cost Estimate, Enable Memory, Streaming, Follow up Questions, Show Citations.
 */
const chatSettingsFields = {
  costEstimate: z.boolean(),
  enableMemory: z.boolean(),
  streaming: z.boolean(),
  followUpQuestions: z.boolean(),
  showCitations: z.boolean(),
};
export const chatSettingsSchema = z.object(chatSettingsFields);
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
/** What a user starts with (the columns' defaults in `user_ai_settings`). */
export const CHAT_SETTINGS_DEFAULTS: ChatSettings = {
  costEstimate: false,
  enableMemory: false,
  streaming: true,
  followUpQuestions: true,
  showCitations: true,
};

const settingsFields = {
  /**
   * Ids of models the user picked for the enabled-models list (spec `enableModels`, e.g. the anonymous prompt page).
   */
  enableModels: z.array(idSchema).max(500),
  /** The default text model's provider display name (e.g. 'OpenAI') and model (catalogue `model`, e.g. 'gpt-4.1'). */
  defaultAI: nullableText(100),
  defaultModel: nullableText(200),
  defaultImageAI: nullableText(100),
  defaultImageModel: nullableText(200),
  /** A language code such as 'en'. */
  defaultLanguage: nullableText(20),
  defaultBrandPersona: idSchema.nullable(),
  defaultBrandPersonaName: nullableText(200),
  defaultBrandVoiceId: idSchema.nullable(),
  defaultBrandVoiceName: nullableText(200),
  ...chatSettingsFields,
};

/**
 * The user's AI settings: the spec's ai_settings fields, the house-model credits left, each provider's
 * state, and the spec's flat per-provider key fields (`openaiAPIKey`, `openaiSharedAPIKey`,
 * `openaiOriginalKey`, …) — masked, or null.
 */
export const aiSettingsSchema = z
  .object({
    enableModels: z.array(z.number()),
    defaultAI: z.string().nullable(),
    defaultModel: z.string().nullable(),
    defaultImageAI: z.string().nullable(),
    defaultImageModel: z.string().nullable(),
    defaultLanguage: z.string().nullable(),
    defaultBrandPersona: z.number().nullable(),
    defaultBrandPersonaName: z.string().nullable(),
    defaultBrandVoiceId: z.number().nullable(),
    defaultBrandVoiceName: z.string().nullable(),
    ...chatSettingsFields,
    credits: z.number(),
    providers: z.array(aiProviderSettingsSchema),
  })
  .catchall(z.string().nullable());
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** `PUT /api/ai-settings`: any subset of the fields; keys are set through their own route, never here. */
export const updateAiSettingsBody = z.strictObject(settingsFields).partial();
export type UpdateAiSettingsInput = z.input<typeof updateAiSettingsBody>;

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isHttpUrl(v), messages.urlInvalid());

/** `PUT /api/ai-settings/keys/{provider}`. */
export const setProviderKeyBody = z.strictObject({
  apiKey: z.string().trim().min(1, messages.required).max(1000).optional(),
  baseUrl: httpUrl.nullish(),
});
export type SetProviderKeyInput = z.input<typeof setProviderKeyBody>;

export const changeProviderStatusBody = z.object({
  provider: z.string().trim().min(1, messages.required).max(100),
  enabled: z.boolean(),
});
export const changeModelStatusBody = z.object({ modelId: idSchema, enabled: z.boolean() });

/** `POST /api/ai-settings/select-model`: make a model the default text (or image) model. */
export const selectModelBody = z.object({ modelId: idSchema, kind: z.enum(['text', 'image']).default('text') });

/** The spec's refusal (§5) when a model's provider has no key. */
export const missingKeyMessage = (provider: string) =>
  `Please add your ${provider} API Key in settings to use this model`;

/** The refusal for a provider reached at an address the user gives (Ollama): it needs that, not a key. */
export const missingAddressMessage = (provider: string) => `Add your ${provider} address in settings to use this model`;

const endpointName = z.string().trim().min(1, messages.required).max(60);

/** A discovered model as its endpoint's settings list it. */
export const discoveredModelSchema = discoveredCapabilitiesSchema.extend({
  id: z.number(),
  model: z.string(),
  displayName: z.string(),
});
export type DiscoveredModel = z.infer<typeof discoveredModelSchema>;

/** A custom endpoint: never its key, only the key's mask. */
export const customEndpointSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CUSTOM_ENDPOINT_KINDS),
  baseUrl: z.string(),
  /** `••••1234`, or null when no key is set. */
  apiKey: z.string().nullable(),
  /** When the models were last discovered (ISO time), null before the first discovery worked. */
  refreshedAt: z.string().nullable(),
  /** Why the last discovery failed, in plain words (the models found before are kept); null when it worked. */
  refreshError: z.string().nullable(),
  models: z.array(discoveredModelSchema),
});
export type CustomEndpoint = z.infer<typeof customEndpointSchema>;
export const customEndpointListSchema = z.object({ data: z.array(customEndpointSchema), total: z.number() });

/** The address and key of an endpoint to test or add. */
const endpointConnectionFields = {
  kind: z.enum(CUSTOM_ENDPOINT_KINDS),
  baseUrl: httpUrl,
  apiKey: z.string().trim().min(1, messages.required).max(1000).optional(),
};

/** `POST /api/ai-endpoints`: adds the endpoint and discovers its models at once. */
export const createCustomEndpointBody = z.strictObject({ name: endpointName, ...endpointConnectionFields });
export type CreateCustomEndpointInput = z.input<typeof createCustomEndpointBody>;

/** The longest context length a user may set for a discovered model (10M tokens: past any model today). */
export const MAX_SET_CONTEXT_LENGTH = 10_000_000;

/** `PUT /api/ai-endpoints/{id}/context-length`: one of its models' context length, or null to forget the one set. */
export const setContextLengthBody = z.strictObject({
  modelId: idSchema,
  contextLength: z
    .number({ error: 'Enter a number of tokens' })
    .int('Enter a whole number of tokens')
    .min(256, 'At least 256 tokens')
    .max(MAX_SET_CONTEXT_LENGTH, 'At most 10,000,000 tokens')
    .nullable(),
});
export type SetContextLengthInput = z.input<typeof setContextLengthBody>;

/** `POST /api/ai-endpoints/test`: tries an endpoint before it is added (nothing is stored). */
export const testCustomEndpointBody = z.strictObject(endpointConnectionFields);
export type TestCustomEndpointInput = z.input<typeof testCustomEndpointBody>;

/** What went wrong reaching an endpoint, each with its own plain message. */
export const CONNECTION_PROBLEMS = ['unreachable', 'key-refused', 'not-compatible', 'no-models'] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

/** A connection test's answer: `ok` with how many models were found, or the problem and its message. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(CONNECTION_PROBLEMS).nullable(),
  message: z.string(),
  modelCount: z.number(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
