import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CHAT_SETTINGS_DEFAULTS,
  type CustomEndpointKind,
  type DiscoveredCapabilities,
} from '../../../lib/api/contract';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/* AI: the model catalogue, a user's own endpoints, and each user's AI settings. */

/**
 * A user's own model server (issue 11 "Custom providers"): any OpenAI-compatible endpoint or an Ollama.
 * Its models are discovered into `ai_models` (rows with this `endpoint_id`, deleted with it, or made inactive when it
 * is kept as removed: `removedAt`).
 */
export const customEndpoints = pgTable(
  'custom_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown as the models' provider; unique per user (case-insensitive) and never a built-in provider's name. */
    name: text('name').notNull(),
    kind: text('kind').$type<CustomEndpointKind>().notNull(),
    baseUrl: text('base_url').notNull(),
    /** The key's ciphertext (server/ai/crypto.ts, bound to the user and this endpoint's id); null: no key. */
    apiKey: text('api_key'),
    /** When the models were last discovered, and why the last discovery failed (null when it worked). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    refreshError: text('refresh_error'),
    /**
     * Set when its owner removed it while it was shared with a team: the row stays, without its address and key, so
     * that the team's members see its models as Inactive saying why (and their chats keep naming them) until the team
     * stops sharing it (server/features/ai-settings/custom-endpoints.ts removeEndpoint). Its owner no longer sees it.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('custom_endpoints_user_name_idx')
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`${t.removedAt} is null`),
  ],
);

/**
 * The model catalogue (server/ai/catalogue.ts), upserted at start keyed by provider + model. Column
 * names follow the API's fields; `is_house_model`/`is_default_house_model` are its `isCurateitAI`/`isDefaultForCurateit`.
 */
export const aiModels = pgTable(
  'ai_models',
  {
    id: serial('id').primaryKey(),
    model: text('model').notNull(),
    provider: text('provider').notNull(),
    displayName: text('display_name').notNull(),
    type: text('type').$type<'Text' | 'Image'>().notNull(),
    logoLink: text('logo_link'),
    isActive: boolean('is_active').notNull().default(true),
    languages: jsonb('languages').$type<{ label: string; code: string }[]>().notNull().default([]),
    isWebSearchEnabled: boolean('is_web_search_enabled').notNull().default(false),
    isReasoningEnabled: boolean('is_reasoning_enabled').notNull().default(false),
    isAudioEnabled: boolean('is_audio_enabled').notNull().default(false),
    isVideoEnabled: boolean('is_video_enabled').notNull().default(false),
    isVisionEnabled: boolean('is_vision_enabled').notNull().default(false),
    isImageGenerated: boolean('is_image_generated').notNull().default(false),
    isAttachmentSupported: boolean('is_attachment_supported').notNull().default(false),
    contentLength: integer('content_length').notNull(),
    supportedFileFormats: jsonb('supported_file_formats').$type<string[]>().notNull().default([]),
    isHouseModel: boolean('is_house_model').notNull().default(false),
    isDefaultHouseModel: boolean('is_default_house_model').notNull().default(false),
    inputPricePerMillion: doublePrecision('input_price_per_million').notNull().default(0),
    outputPricePerMillion: doublePrecision('output_price_per_million').notNull().default(0),
    /** Set on a model discovered from a user's custom endpoint (only that user sees it); null for the catalogue. */
    endpointId: integer('endpoint_id').references(() => customEndpoints.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What discovery learned of a custom endpoint's model; each null where the endpoint did not say. */
    discovered: jsonb('discovered').$type<DiscoveredCapabilities>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_models_provider_model_idx').on(t.provider, t.model).where(sql`${t.endpointId} is null`),
    uniqueIndex('ai_models_endpoint_model_idx').on(t.endpointId, t.model).where(sql`${t.endpointId} is not null`),
    index('ai_models_owner_idx').on(t.ownerId),
  ],
);

/** A provider's stored secrets: ciphertexts (server/ai/crypto.ts) under the spec's field names, plus a base URL. */
export interface StoredProviderKeys {
  /** `<slug>APIKey`, `<slug>SharedAPIKey`, `<slug>OriginalKey` → ciphertext. */
  [field: string]: string;
}

/** A user's AI settings, one row per user, created on first use. */
export const userAiSettings = pgTable('user_ai_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enableModels: jsonb('enable_models').$type<number[]>().notNull().default([]),
  defaultAI: text('default_ai'),
  defaultModel: text('default_model'),
  defaultImageAI: text('default_image_ai'),
  defaultImageModel: text('default_image_model'),
  defaultLanguage: text('default_language'),
  defaultBrandPersona: integer('default_brand_persona'),
  defaultBrandPersonaName: text('default_brand_persona_name'),
  defaultBrandVoiceId: integer('default_brand_voice_id'),
  defaultBrandVoiceName: text('default_brand_voice_name'),
  /** The side panel's Chat Settings checkboxes. */
  costEstimate: boolean('cost_estimate').notNull().default(CHAT_SETTINGS_DEFAULTS.costEstimate),
  enableMemory: boolean('enable_memory').notNull().default(CHAT_SETTINGS_DEFAULTS.enableMemory),
  streaming: boolean('streaming').notNull().default(CHAT_SETTINGS_DEFAULTS.streaming),
  followUpQuestions: boolean('follow_up_questions').notNull().default(CHAT_SETTINGS_DEFAULTS.followUpQuestions),
  showCitations: boolean('show_citations').notNull().default(CHAT_SETTINGS_DEFAULTS.showCitations),
  /** Encrypted keys by the spec's field name (`openaiAPIKey` …); never plaintext. */
  keys: jsonb('keys').$type<StoredProviderKeys>().notNull().default({}),
  /** OpenAI-compatible / Ollama base URL per provider slug. */
  baseUrls: jsonb('base_urls').$type<Record<string, string>>().notNull().default({}),
  /** Provider slug → enabled (absent: enabled). */
  providerStatus: jsonb('provider_status').$type<Record<string, boolean>>().notNull().default({}),
  /** Model id → enabled (absent: enabled). */
  modelStatus: jsonb('model_status').$type<Record<string, boolean>>().notNull().default({}),
  /** House-model credits left; set from the operator's default when the row is created, spent by chat. */
  credits: integer('credits').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Credits taken off a user's balance for a house-model answer still running (features/credits/credits.ts):
 * taken with the balance decrement, deleted when settled. The copy answering renews `expiresAt` as it
 * renews its answers' leases; recovery gives back a hold whose lease expired (its copy stopped).
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_holds_user_idx').on(t.userId), index('credit_holds_expires_idx').on(t.expiresAt)],
);
