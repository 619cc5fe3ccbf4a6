import { z } from 'zod';
import { idSchema } from './integers';

/* What an answer was given (its context manifest) and how it may be asked again (regenerate options). */

/**
 * Included in full, cut to fit, or left out because nothing more fit. A gem cut to its passages most
 * relevant to the question (when the chosen material does not all fit) is 'truncated' with `passages`.
 */
export const CONTEXT_INCLUSION = ['full', 'truncated', 'dropped'] as const;
/** One passage of a gem sent because it ranked among the most relevant to the question. */
export const contextPassageSchema = z.object({
  /** Its position among the gem's passages, from 0. */
  index: z.number(),
  /** Its characters in the gem's text (description, blank line, text): [start, end). */
  start: z.number(),
  end: z.number(),
  /**
   * Its full-text rank for the question (0: none of the question's words); with the user's embedding model, that rank
   * blended with its rank by meaning (reciprocal rank fusion, server/features/embeddings/fusion.ts).
   */
  score: z.number(),
});
export type ContextPassage = z.infer<typeof contextPassageSchema>;
export const contextManifestItemSchema = z.object({
  kind: z.enum(['text', 'file', 'pageExtract', 'gem', 'pageGem', 'collectionGem', 'searchGem', 'memory']),
  id: z.number().optional(),
  /** The collection a collection gem came from. */
  collectionId: z.number().optional(),
  /** The search (query text) a search gem was found by. */
  query: z.string().optional(),
  url: z.string().optional(),
  title: z.string(),
  /** Estimated tokens of the whole item (label and text). */
  tokens: z.number(),
  /** Estimated tokens actually sent. */
  includedTokens: z.number(),
  included: z.enum(CONTEXT_INCLUSION),
  /** A file's format (`file` items); an image is sent as an image, not counted in tokens. */
  format: z.string().optional(),
  /** The passages sent of a gem cut to those most relevant to the question, in the gem's order. */
  passages: z.array(contextPassageSchema).optional(),
  /**
   * A stand-in (always `dropped`, no `id`) for gems of a chosen collection or search that were not read at all
   * (past its first MAX_GEMS_PER_COLLECTION): how many.
   */
  omitted: z.number().optional(),
});
export type ContextManifestItem = z.infer<typeof contextManifestItemSchema>;

/** The manifest's sums: items by inclusion, tokens, and the budget they were fitted to. */
export const contextTotalsSchema = z.object({
  items: z.number(),
  full: z.number(),
  truncated: z.number(),
  dropped: z.number(),
  /** Gems of chosen collections not read at all (past MAX_GEMS_PER_COLLECTION each), as `omitted` items. */
  omitted: z.number(),
  /** Estimated tokens of all items, and of what was sent. */
  tokens: z.number(),
  includedTokens: z.number(),
  budget: z.number(),
  reserve: z.number(),
  contentLength: z.number(),
});

/** `POST /api/messages/{id}/regenerate`, sent with the message id (README, API). */
export const READING_LEVELS = [
  'Kindergarten',
  'Middle School',
  'Current',
  'High School',
  'College',
  'Graduate School',
] as const;
export const RESPONSE_LENGTHS = ['Shortest', 'Shorter', 'Current', 'Longer', 'Longest'] as const;
export const regenerateBody = z.strictObject({
  showEmojis: z.boolean().default(false),
  humanizeResponse: z.boolean().default(false),
  polishResponse: z.boolean().default(false),
  readingLevel: z.number().int().min(0).max(5).default(2),
  responseLength: z.number().int().min(0).max(4).default(2),
  /** Another model (catalogue id) to answer with; default the original message's model. */
  regenerationModel: idSchema.nullish(),
  /** A language code to answer in; default the original message's language. */
  regenerationLanguage: z.string().trim().min(1).max(20).nullish(),
});
export type RegenerateOptions = z.output<typeof regenerateBody>;
