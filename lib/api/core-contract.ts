import { z } from 'zod';
import { CHAT_TYPES } from './chat-history-contract';
import { idSchema, MAX_PAGE, queryInteger } from './integers';
import { tagSchema } from './tag-contract';
import { emailSchema, isHttpUrl, messages, passwordSchema, titleSchema, urlSchema, usernameSchema } from './validators';
import {
  expanderPartSchema,
  MAX_INSTRUCTION_TEXT,
  MAX_MEMORY_TEXT,
  PROMPT_CATEGORIES,
  PROMPT_TYPES,
} from './voice-contract';

export { idParamSchema, idSchema, MAX_ROW_ID } from './integers';

/**
 * The contract's own schemas (errors, accounts, collections, tags, gems, lists), which contract.ts gathers with every
 * feature's: a page that needs only these, as the library's first screen, does not evaluate the others' schemas.
 */

const timestamp = z.string();

/**
 * A moment as an ISO date-time with an offset, in the years 100–9999 once in UTC: PostgreSQL has no
 * year 0, JavaScript writes years past 9999 as "+010000-…", which PostgreSQL refuses, and reads a stored
 * "0001-…" back as 2001 (years below 100 are taken as two-digit years).
 */
const storableDateTime = z.iso.datetime({ offset: true, abort: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 100 && year <= 9999;
}, 'Must be a date in the years 100 to 9999 (UTC)');
const optionalHttpUrl = z
  .string()
  .trim()
  .max(4096)
  .refine((v) => v === '' || isHttpUrl(v) || v.startsWith('data:image/'), messages.urlInvalid())
  .nullish();

// ---------- errors ----------
export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number(),
    name: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

// ---------- auth & users ----------
export const registerBody = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The code of an admin's invitation, when the server registers by invitation (README, "Running Trove for a group"). */
  invitation: z.string().trim().max(200).optional(),
});
export const loginBody = z.object({
  identifier: z.string({ error: messages.required }).trim().min(1, messages.required),
  password: z.string({ error: messages.required }).min(1, messages.required),
});
export const refreshBody = z.object({ refreshToken: z.string().min(1, messages.required) });

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  /** The profile's display name ('' for none); absent from servers before it existed. */
  display_name: z.string().optional(),
  unfiltered_collection_id: z.number().nullable(),
  ai_chats_collection_id: z.number().nullable(),
  /** An admin of this server (the admin page is theirs). */
  is_admin: z.boolean().optional(),
  createdAt: timestamp,
  tags: z.array(tagSchema).optional(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ jwt: z.string(), refreshToken: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---------- collections ----------
export const collectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  gems_count: z.number(),
  isUnfiltered: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Collection = z.infer<typeof collectionSchema>;

const collectionName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(200, messages.tooLong);
export const createCollectionBody = z.object({
  data: z.object({ name: collectionName, parentId: idSchema.nullish() }),
});
export const updateCollectionBody = z.object({
  data: z.object({ name: collectionName.optional(), parentId: idSchema.nullish() }),
});

// ---------- tags ----------
/** A tag's name, or a path `parent/child` naming its last tag (made with its parents when missing). */
const tagName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(100, messages.tooLong)
  .refine((name) => name.split('/').some((part) => part.trim()), 'A tag name needs more than slashes');
export const createTagBody = z.object({
  data: z.object({ tag: tagName, parentId: idSchema.nullish(), users: z.unknown().optional() }),
});

// ---------- gems ----------
export const mediaTypes = [
  'Link',
  'Article',
  'Image',
  'Code',
  'PDF',
  'Audio',
  'Video',
  'Note',
  'Quote',
  'AIChat',
  /** A chat answer saved as a blog post or a page (the side panel's Save). */
  'Blog',
  'Page',
  /** Prompts, brand voices, personas and memories (lib/api/voice-contract.ts): made through their own routes. */
  'Prompt',
  'BrandVoice',
  'Persona',
  'Memory',
] as const;
export const mediaTypeSchema = z.enum(mediaTypes);
export type MediaType = z.infer<typeof mediaTypeSchema>;
/** Media types with routes of their own (lib/api/voice-contract.ts), refused by the generic gem endpoints. */
export const OWN_ROUTE_MEDIA_TYPES = ['Prompt', 'BrandVoice', 'Persona', 'Memory'] as const;
const savableMediaTypeSchema = mediaTypeSchema.exclude(OWN_ROUTE_MEDIA_TYPES, {
  error: `Must be one of ${mediaTypes.filter((t) => !(OWN_ROUTE_MEDIA_TYPES as readonly string[]).includes(t)).join(', ')} (prompts, brand voices, personas and memories have their own routes)`,
});

/** Type-specific details of a gem, kept as JSON beside the common columns. */
export const gemMediaSchema = z
  .object({
    language: z.string().max(64).optional(),
    code: z.string().max(1_000_000).optional(),
    width: z.number().int().nonnegative().optional(),
    height: z.number().int().nonnegative().optional(),
    alt: z.string().max(2000).optional(),
    mediaUrl: optionalHttpUrl,
    siteName: z.string().max(500).nullish(),
    lang: z.string().max(35).nullish(),
    wordCount: z.number().int().nonnegative().optional(),
    /** Audio gems: recorded by the user rather than saved from a page (`POST /api/audios?isRecord=true`). */
    isRecord: z.boolean().optional(),
    /** Image gems: a screenshot of the visible tab (`POST /api/gems/upload-screenshot`), not an image on the page. */
    screenshot: z.boolean().optional(),
    /** AI chats: 'ai-writer' for a Write-mode chat. */
    chatType: z.enum(CHAT_TYPES).optional(),
    /** Prompt gems (lib/api/voice-contract.ts). */
    showPrompt: z.boolean().optional(),
    isPublic: z.boolean().optional(),
    category: z.enum(PROMPT_CATEGORIES).optional(),
    promptType: z.enum(PROMPT_TYPES).optional(),
    expander: z.array(expanderPartSchema).max(50).optional(),
    /** Brand voice and persona gems. */
    brand_voice_name: z.string().max(200).optional(),
    persona_job_title: z.string().max(200).optional(),
    /** A brand voice's sample text; a persona's default model (lib/api/voice-contract.ts). */
    brand_voice_sample: z.string().max(MAX_INSTRUCTION_TEXT).optional(),
    persona_model_id: z.number().int().positive().nullable().optional(),
    /** Memory gems: the remembered fact. */
    data: z.strictObject({ memory: z.string().max(MAX_MEMORY_TEXT) }).optional(),
  })
  .strict();
export type GemMedia = z.infer<typeof gemMediaSchema>;

/**
 * A tag on a gem in a request: the id (a JSON number) of an existing tag, or a name (found or
 * created for the user). Not coerced, so a tag named "2024" stays a name.
 */
const tagRef = z.union([idSchema, tagName]);

const gemFields = {
  title: titleSchema,
  description: z.string().max(10_000, messages.tooLong).default(''),
  url: urlSchema,
  media_type: savableMediaTypeSchema.default('Link'),
  media: gemMediaSchema.default({}),
  image: optionalHttpUrl,
  favicon: optionalHttpUrl,
  text: z.string().max(2_000_000, messages.tooLong).nullish(),
  byline: z.string().max(500).nullish(),
  publishedAt: storableDateTime.nullish(),
  collectionId: idSchema.nullish(),
  tags: z.array(tagRef).max(100).default([]),
  /** Those of `tags` (by name, any case) the AI suggested and the user accepted: recorded as added by the AI. */
  aiTags: z.array(tagName).max(100).optional(),
};

export const createGemBody = z.object({ data: z.object(gemFields) });
export type CreateGemInput = z.input<typeof createGemBody>['data'];

/**
 * Typed gem endpoints (`POST /api/code`, `/api/pdf`, `/api/audios`, `/api/videos`) take the same body
 * as `POST /api/gems`, with `media_type` fixed to the endpoint's type (it may be left out; another
 * type is a 400 naming `data.media_type`) and that type's media fields checked.
 */
const fixedMediaType = <T extends MediaType>(type: T) =>
  z.literal(type, { error: `Must be '${type}' on this endpoint (or left out)` }).default(type);

/** An http(s) URL or nothing (no data: URLs): where a PDF, audio or video file itself lives. */
const optionalWebUrl = z
  .string()
  .trim()
  .max(4096)
  .refine((v) => v === '' || isHttpUrl(v), messages.urlInvalid())
  .nullish();

/** Code exactly as selected: never trimmed, but not blank. */
const codeSchema = z
  .string({ error: messages.required })
  .max(1_000_000, messages.tooLong)
  .refine((v) => v.trim().length > 0, messages.required);

const typedGemBody = <T extends MediaType, M extends z.ZodType<GemMedia>>(type: T, media: M) =>
  z.object({
    data: z.object({ ...gemFields, media_type: fixedMediaType(type), media: media.prefault({} as z.input<M>) }),
  });

/** `POST /api/code`: `url` is the page the code came from; `media.code` is required, `media.language` optional. */
export const createCodeGemBody = typedGemBody('Code', gemMediaSchema.extend({ code: codeSchema }));
/** `POST /api/pdf`: `url` is the PDF (or the page showing it); `media.mediaUrl` optionally the PDF file. */
export const createPdfGemBody = typedGemBody('PDF', gemMediaSchema.extend({ mediaUrl: optionalWebUrl }));
/** `POST /api/audios`: `media.mediaUrl` optionally the audio file's http(s) URL. */
export const createAudioGemBody = typedGemBody('Audio', gemMediaSchema.extend({ mediaUrl: optionalWebUrl }));
/** `POST /api/videos`: `media.mediaUrl` optionally the video file's http(s) URL. */
export const createVideoGemBody = typedGemBody('Video', gemMediaSchema.extend({ mediaUrl: optionalWebUrl }));
export type CreateCodeGemInput = z.input<typeof createCodeGemBody>['data'];
export type CreatePdfGemInput = z.input<typeof createPdfGemBody>['data'];
export type CreateAudioGemInput = z.input<typeof createAudioGemBody>['data'];
export type CreateVideoGemInput = z.input<typeof createVideoGemBody>['data'];

/** `POST /api/audios?isRecord=true|false`: stored as `media.isRecord` (the query wins over the body). */
export const audioGemQuery = z.object({
  isRecord: z
    .enum(['true', 'false'], { error: "Must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
});

/** The typed gem endpoint of each media type that has one (others are saved with `POST /api/gems`). */
export const TYPED_GEM_PATHS = {
  Code: '/api/code',
  PDF: '/api/pdf',
  Audio: '/api/audios',
  Video: '/api/videos',
} as const;
/** The endpoint of an image gem saved with its bytes. */
export const IMAGE_GEM_PATH = '/api/upload-all-file';
/** A screenshot of the visible tab saved as an Image gem: the same multipart fields as `IMAGE_GEM_PATH`. */
export const SCREENSHOT_GEM_PATH = '/api/gems/upload-screenshot';

/**
 * `POST /api/upload-all-file`, multipart: the field `files` holds exactly one image (JPG, PNG, GIF or
 * WEBP by its bytes, at most MAX_IMAGE_BYTES) and the field `data` a JSON string of these gem fields.
 * `url` is the page, `media.mediaUrl` the image's original src; the server sets `image` to the stored
 * file's link. The answer is the Image gem, as from `POST /api/gems`.
 */
export const createImageGemData = z.object({ ...gemFields, media_type: fixedMediaType('Image') }).omit({ image: true });
export type CreateImageGemInput = z.input<typeof createImageGemData>;
/** The `data` field as the server validates it (field errors then name `data.<field>`). */
export const createImageGemEnvelope = z.object({ data: createImageGemData });
/** The multipart field names of `POST /api/upload-all-file`. */
export const IMAGE_GEM_FIELDS = { file: 'files', data: 'data' } as const;

export const updateGemBody = z.object({
  data: z.object({
    title: gemFields.title.optional(),
    description: z.string().max(10_000, messages.tooLong).optional(),
    url: gemFields.url.optional(),
    media_type: savableMediaTypeSchema.optional(),
    media: gemMediaSchema.optional(),
    image: gemFields.image,
    favicon: gemFields.favicon,
    text: gemFields.text,
    byline: gemFields.byline,
    publishedAt: gemFields.publishedAt,
    collectionId: idSchema.optional(),
    tags: z.array(tagRef).max(100).optional(),
    notes: z.string().max(100_000, messages.tooLong).optional(),
    isFavourite: z.boolean().optional(),
  }),
});
export type UpdateGemInput = z.input<typeof updateGemBody>['data'];

export const gemSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  canonicalUrl: z.string(),
  media_type: mediaTypeSchema,
  media: gemMediaSchema,
  image: z.string().nullable(),
  favicon: z.string().nullable(),
  text: z.string().nullable(),
  byline: z.string().nullable(),
  publishedAt: z.string().nullable(),
  collectionId: z.number(),
  author: z.object({ id: z.number(), username: z.string() }),
  tags: z.array(tagSchema),
  /** The owner's own notes (plain text). */
  notes: z.string(),
  isFavourite: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /**
   * Only on a gem another user shared with the asker, as `GET`/`PUT /api/gems/{id}` answer it: `change` when their
   * role lets them edit and delete it (not its collection, tags or favourite mark: those are its owner's), else `read`.
   */
  sharedAccess: z.enum(['read', 'change']).optional(),
});
export type Gem = z.infer<typeof gemSchema>;

/**
 * A gem as lists and search results carry it: everything but its page text, which may be megabytes (`GET
 * /api/gems/{id}` has it). A page of 50 results is then the size of its titles, not of 50 articles.
 */
export const gemSummarySchema = gemSchema.omit({ text: true });
export type GemSummary = z.infer<typeof gemSummarySchema>;

/** A gem in the trash: when it was trashed (deleted for good TRASH_DAYS later). */
export const trashedGemSchema = gemSummarySchema.extend({ deletedAt: timestamp });
export type TrashedGem = z.infer<typeof trashedGemSchema>;

/** A tag in the tag list: with its path from the top, `parent/child`. */
export const tagWithPathSchema = tagSchema.extend({ path: z.string() });
export type TagWithPath = z.infer<typeof tagWithPathSchema>;

/**
 * `PUT /api/edit-bookmarks`: up to 500 gems, each its id and the fields of `PUT /api/gems/{id}` to change; all are
 * saved or none (a gem of another user, or a bad field, refuses the whole request naming `bookmarks.<i>.<field>`).
 */
export const editBookmarksBody = z.object({
  bookmarks: z
    .array(updateGemBody.shape.data.extend({ id: idSchema }))
    .min(1, 'Name at least one gem')
    .max(500, 'At most 500 gems at once'),
});

// ---------- queries & lists ----------
export const pageQuery = z.object({
  page: queryInteger(1, MAX_PAGE).default(1),
  perPage: queryInteger(1, 100).default(20),
});
export const collectionBookmarksQuery = pageQuery.extend({
  perPage: queryInteger(1, 100).default(25),
  media_type: mediaTypeSchema.optional(),
  /** `manual`: the order set with `PUT /api/gems/{id}/position` (gems never placed first, newest first). */
  sortBy: z.enum(['newest', 'oldest', 'title', 'manual']).default('newest'),
});
export const urlQuery = z.object({ url: urlSchema });
export const populateQuery = z.object({ populate: z.string().optional() });

export const gemListSchema = z.object({
  data: z.array(gemSummarySchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type GemList = z.infer<typeof gemListSchema>;

export const collectionBookmarksSchema = z.object({
  data: collectionSchema.extend({ bookmarks: z.array(gemSummarySchema), page: z.number(), hasMore: z.boolean() }),
});

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), total: z.number() });
export const pagedListOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), total: z.number(), page: z.number(), perPage: z.number() });
/** What a DELETE answers: the deleted row's id. */
export const deletedSchema = dataOf(z.object({ id: z.number() }));

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]+$/);
