import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CHAT_SETTINGS_DEFAULTS,
  type Citation,
  type CustomEndpointKind,
  type Diagnostics,
  type DiscoveredCapabilities,
  type GemMedia,
  type GeneratedImage,
  type MediaType,
  type MessageStatus,
  type SearchResult,
} from '../../lib/api/contract';
import type { FeedbackCategory } from '../../lib/feedback/categories';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    unfilteredCollectionId: integer('unfiltered_collection_id'),
    aiChatsCollectionId: integer('ai_chats_collection_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Rotating refresh tokens. Only a hash is stored; a family is one sign-in, revoked whole on reuse or sign-out. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Rate-limit counters, one row per key (e.g. `sign-in:address:203.0.113.7`), kept here so every server
 * copy on one database shares them. Written only by server/auth/rate-limit.ts, one upsert per check.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Hits in the current window (fixed-window limits) or failures in the current streak (backoff limits). */
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    /** Backoff limits: no attempt is let through before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** Whether the latest check let its attempt through (what the upsert reports back). */
    allowed: boolean('allowed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_updated_idx').on(t.updatedAt)],
);

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => collections.id, { onDelete: 'cascade' }),
    isUnfiltered: boolean('is_unfiltered').notNull().default(false),
    /** Kept by triggers on gems (migration 0001), so counts and list totals never scan the gems. */
    gemsCount: integer('gems_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('collections_owner_idx').on(t.ownerId, t.parentId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const gems = pgTable(
  'gems',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    canonicalUrl: text('canonical_url').notNull(),
    mediaType: text('media_type').$type<MediaType>().notNull().default('Link'),
    media: jsonb('media').$type<GemMedia>().notNull().default({}),
    image: text('image'),
    favicon: text('favicon'),
    text: text('text'),
    byline: text('byline'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gems_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('gems_owner_canonical_url_idx').on(t.ownerId, t.canonicalUrl),
    index('gems_collection_idx').on(t.collectionId),
    uniqueIndex('gems_owner_idempotency_idx')
      .on(t.ownerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const gemTags = pgTable(
  'gem_tags',
  {
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.gemId, t.tagId] }), index('gem_tags_tag_idx').on(t.tagId)],
);

/** Bug reports. Their tags are the author's tags; their images are the author's uploads. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    category: text('category').$type<FeedbackCategory>().notNull(),
    isExtension: boolean('is_extension').notNull(),
    imageLinks: jsonb('image_links').$type<string[]>().notNull().default([]),
    diagnostics: jsonb('diagnostics').$type<Diagnostics>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedbacks_author_idx').on(t.authorId),
    index('feedbacks_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const feedbackTags = pgTable(
  'feedback_tags',
  {
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.tagId] })],
);

/**
 * Uploaded files, stored under the data folder by an unguessable key. A file attached to a
 * submitted report (`feedbackId`) is kept with it and can no longer be deleted by its owner.
 * An image gem's file (`purpose` 'gem', `gemId`) lives and dies with its gem: deleting the gem
 * deletes it, and it cannot be deleted on its own.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose').$type<'feedback' | 'gem' | 'chat'>().notNull(),
    /** The name a chat file was uploaded under (display only; '' for images saved otherwise). */
    name: text('name').notNull().default(''),
    /** A chat document's extracted text (null for images). */
    text: text('text'),
    feedbackId: integer('feedback_id').references(() => feedbacks.id, { onDelete: 'set null' }),
    /**
     * The gem the file belongs to: an image gem's image, or a chat's file (a chat is a gem) once sent in it.
     * Set null (not cascaded) if a gem goes by another way than deleteGem, so the file keeps a row to be found and removed by.
     */
    gemId: integer('gem_id').references(() => gems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_idx').on(t.key),
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_gem_idx').on(t.gemId).where(sql`${t.gemId} is not null`),
  ],
);

/**
 * The model catalogue (server/ai/catalogue.ts), upserted at start keyed by provider + model. Column
 * names follow spec §3; `is_house_model`/`is_default_house_model` are the spec's `isCurateitAI`/`isDefaultForCurateit`.
 */
/**
 * A user's own model server (issue 11 "Custom providers"): any OpenAI-compatible endpoint or an Ollama.
 * Its models are discovered into `ai_models` (rows with this `endpoint_id`, deleted with it).
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_endpoints_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

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

/** A user's AI settings (spec §3 ai_settings), one row per user, created on first use. */
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
  /** The side panel's Chat Settings checkboxes (spec §2 "Chat Settings menu"). */
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

/** Token counts of one answer. */
export interface MessageUsage {
  input: number;
  output: number;
}

/**
 * Chat messages (spec §3 "Message"): one row per question and its answer, in a chat (a gem of media
 * type 'AIChat'). The question is stored before the provider is called; `answer_text` grows as the
 * answer streams (checkpointed), and `status` ends as 'done', 'error' (with `error`) or 'stopped'.
 * `model`/`provider`/`display_name` are copied from the catalogue so history survives catalogue changes.
 */
/** Statuses of an answer still being generated (a lease on it is renewed by the copy generating it). */
export const UNFINISHED = ['pending', 'streaming'] as const satisfies readonly MessageStatus[];

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    chatGemId: integer('chat_gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userText: text('user_text').notNull(),
    answerText: text('answer_text').notNull().default(''),
    status: text('status').$type<MessageStatus>().notNull().default('pending'),
    error: text('error'),
    modelId: integer('model_id').references(() => aiModels.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    displayName: text('display_name').notNull(),
    provider: text('provider').notNull(),
    language: text('language'),
    usage: jsonb('usage').$type<MessageUsage>(),
    /** US dollars: the catalogue's prices × usage. */
    cost: doublePrecision('cost'),
    /** What context went into the prompt and what was cut (filled by context assembly). */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    /** Follow-up questions, when asked for (`followUps` option); null otherwise. */
    followUps: jsonb('follow_ups').$type<string[]>(),
    /** The context items the answer cited, when asked for (`citations` option); null otherwise. */
    citations: jsonb('citations').$type<Citation[]>(),
    /** Web search: the pages the answer drew on (a search-style message); null otherwise. */
    results: jsonb('results').$type<SearchResult[]>(),
    /** Research: the model's reasoning summary; null when there is none. */
    reasoning: text('reasoning'),
    /** Picture: the images made, stored as uploads; null for a written answer. */
    images: jsonb('images').$type<GeneratedImage[]>(),
    /**
     * The server copy generating this answer holds a lease until `leaseExpiresAt` and renews it while
     * it runs; an unfinished answer whose lease has expired was orphaned by a crash (see recovery).
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatGemId, t.id),
    index('messages_owner_idx').on(t.ownerId),
    index('messages_unfinished_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} in ('pending', 'streaming')`),
  ],
);

/**
 * Read-only links to chats (Share Options "Invite Other"): at most one per chat, found by its
 * unguessable token. Turning a link off deletes its row; a deleted chat takes its link with it.
 */
export const chatShares = pgTable(
  'chat_shares',
  {
    chatGemId: integer('chat_gem_id')
      .primaryKey()
      .references(() => gems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 32 base64url characters (192 random bits): the link's `/shared/chats/{token}`. */
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_shares_token_idx').on(t.token), index('chat_shares_owner_idx').on(t.ownerId)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Passages of gems for retrieval (server/ai/retrieval.ts): each gem's text split into bounded
 * paragraph groups with their full-text vector, made when a gem is first used as chat context and
 * made again when the gem has changed since (`source_updated_at` is the gem's `updated_at` they were cut from).
 */
export const gemPassages = pgTable(
  'gem_passages',
  {
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    startChar: integer('start_char').notNull(),
    endChar: integer('end_char').notNull(),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gemId, t.idx] })],
);
