import { z } from 'zod';
import { MESSAGE_STATUSES } from './chat-contract';
import { mediaTypeSchema } from './core-contract';
import { STUDY_KINDS } from './study-contract';

/** The files an export writes (the same names the import reads them by, where it does). */
export const EXPORT_FORMATS = ['trove-json', 'netscape-html', 'raindrop-csv', 'markdown-zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_NAMES: Record<ExportFormat, string> = {
  'trove-json': 'Trove JSON (everything, lossless)',
  'netscape-html': 'Bookmarks HTML (opens in any browser)',
  'raindrop-csv': 'CSV (Raindrop’s columns)',
  'markdown-zip': 'Markdown, one file per gem (zip)',
};

export const exportBody = z.object({ format: z.enum(EXPORT_FORMATS) });
export type ExportBody = z.input<typeof exportBody>;

/** The version of Trove's JSON export this server writes and reads. */
export const TROVE_EXPORT_VERSION = 1;

const date = z.iso.datetime({ offset: true });
const id = z.number().int();

/** A collection of the export; `role` marks the account's own Unfiltered and AI Chats, matched to the importer's. */
export const troveCollectionSchema = z.object({
  id,
  parentId: id.nullable(),
  name: z.string(),
  role: z.enum(['unfiltered', 'aiChats']).nullable(),
  createdAt: date,
  updatedAt: date,
});

export const troveTagSchema = z.object({
  id,
  parentId: id.nullable(),
  name: z.string(),
  color: z.string().nullable(),
  createdAt: date,
});

export const troveSavedSearchSchema = z.object({
  name: z.string(),
  query: z.string(),
  createdAt: date,
  updatedAt: date,
});

/** A chat's message (question and answer), ids aside: the model is named by provider and model. */
export const troveMessageSchema = z.object({
  userText: z.string(),
  answerText: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.string().nullable(),
  model: z.string(),
  displayName: z.string(),
  provider: z.string(),
  language: z.string().nullable(),
  usage: z.unknown(),
  cost: z.number().nullable(),
  context: z.unknown(),
  followUps: z.unknown(),
  citations: z.unknown(),
  results: z.unknown(),
  reasoning: z.string().nullable(),
  images: z.unknown(),
  createdAt: date,
  updatedAt: date,
});
export type TroveMessage = z.infer<typeof troveMessageSchema>;

/** A summary, flash cards or quiz made from the gem (lib/api/study-contract.ts); checked again when imported. */
export const troveStudySchema = z.object({
  kind: z.enum(STUDY_KINDS),
  content: z.unknown(),
  modelName: z.string(),
  createdAt: date,
});
export type TroveStudy = z.infer<typeof troveStudySchema>;

/** Every field of a gem (prompts, brand voices, personas, memories and chats are gems too), with its chat's messages. */
export const troveGemSchema = z.object({
  id,
  collectionId: id,
  title: z.string(),
  description: z.string(),
  url: z.string(),
  mediaType: mediaTypeSchema,
  media: z.record(z.string(), z.unknown()),
  image: z.string().nullable(),
  favicon: z.string().nullable(),
  text: z.string().nullable(),
  byline: z.string().nullable(),
  publishedAt: date.nullable(),
  idempotencyKey: z.string().nullable(),
  notes: z.string(),
  isFavourite: z.boolean(),
  deletedAt: date.nullable(),
  sortKey: z.string().nullable(),
  createdAt: date,
  updatedAt: date,
  tagIds: z.array(id),
  messages: z.array(troveMessageSchema),
  /** Absent in exports made before study aids existed. */
  study: z.array(troveStudySchema).default([]),
});
export type TroveGem = z.infer<typeof troveGemSchema>;

/**
 * Trove's own export, version 1: everything the user owns (or one collection's part of it), read back by the
 * import. `gems` comes last in the file, so the server writes it as a stream.
 */
export const troveExportSchema = z.object({
  format: z.literal('trove'),
  version: z.literal(TROVE_EXPORT_VERSION),
  /** Random per export: with a gem's id it keys the gem, so importing the same file twice adds nothing. */
  exportId: z.string().min(1).max(100),
  exportedAt: date,
  scope: z.union([z.object({ kind: z.literal('library') }), z.object({ kind: z.literal('collection'), id })]),
  collections: z.array(troveCollectionSchema),
  tags: z.array(troveTagSchema),
  savedSearches: z.array(troveSavedSearchSchema),
  gems: z.array(troveGemSchema),
});
export type TroveExport = z.infer<typeof troveExportSchema>;

/**
 * A gem of a Trove export as the import stages it: its collection by the importing account's id (set when the
 * collections are made), its tags by name (unique per user), and the key that makes importing it again a no-op.
 */
export const troveStagedGemSchema = troveGemSchema.omit({ id: true, tagIds: true, idempotencyKey: true }).extend({
  idempotencyKey: z.string(),
  tagNames: z.array(z.string()),
  /** The gem's id in the export: the chats' contexts that name it are pointed at the gem it became. */
  sourceId: id.optional(),
});
export type TroveStagedGem = z.infer<typeof troveStagedGemSchema>;
