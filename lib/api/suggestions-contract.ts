import { z } from 'zod';
import { idSchema } from './integers';
import { messages, titleSchema } from './validators';

/**
 * Suggested tags and a collection for a page (`POST /api/suggestions/tags`): the server finds the user's own tags and
 * collections nearest the page by its words, gives that shortlist to the model, and answers what the model chose,
 * each marked as existing (with its id) or new. New ones are only suggested when nothing on the shortlist fits.
 */

export const MAX_SUGGESTED_TAGS = 5;
/** How much of the page's text is read (the rest adds little to the choice and costs tokens). */
export const SUGGESTION_TEXT_CHARS = 6_000;

export const suggestTagsBody = z.strictObject({
  title: titleSchema,
  description: z.string().max(10_000, messages.tooLong).default(''),
  url: z.string().max(2_048, messages.tooLong).default(''),
  /** The page's text, if read; only its start is used. */
  text: z.string().max(2_000_000, messages.tooLong).default(''),
  /** The model to ask; none, the user's default text model. */
  modelId: idSchema.optional(),
});
export type SuggestTagsInput = z.input<typeof suggestTagsBody>;

const suggestedTag = z.object({ name: z.string(), id: z.number().nullable(), existing: z.boolean() });
export const tagSuggestionsSchema = z.object({
  data: z.object({
    tags: z.array(suggestedTag),
    collection: z.object({ name: z.string(), id: z.number().nullable(), existing: z.boolean() }).nullable(),
    /** The user's own tags and collections the model chose from, nearest first. */
    shortlist: z.object({ tags: z.array(z.string()), collections: z.array(z.string()) }),
  }),
});
export type TagSuggestions = z.infer<typeof tagSuggestionsSchema>['data'];
export type SuggestedTag = TagSuggestions['tags'][number];

/**
 * Whether the popup suggests at save time, and with which model (`GET`/`PUT /api/suggestions/settings`). Off until the
 * user has a usable model; then on unless switched off.
 */
export const suggestionSettingsSchema = z.object({
  data: z.object({
    /** The user's choice; null when not chosen (on once a model is usable). */
    enabled: z.boolean().nullable(),
    /** The model chosen for suggestions; null: the default text model. */
    modelId: z.number().nullable(),
    /** The model suggestions would use now, when one is usable. */
    model: z.object({ id: z.number(), name: z.string() }).nullable(),
    /** Suggestions run at save time: a model is usable and they are not switched off. */
    active: z.boolean(),
    /** Why no model is usable (the chosen one's refusal, or no default model); null when one is. */
    reason: z.string().nullable(),
  }),
});
export type SuggestionSettings = z.infer<typeof suggestionSettingsSchema>['data'];

export const updateSuggestionSettingsBody = z.strictObject({
  enabled: z.boolean().nullable().optional(),
  modelId: idSchema.nullable().optional(),
});
export type UpdateSuggestionSettingsInput = z.input<typeof updateSuggestionSettingsBody>;

/** How many gems one "Suggest tags" over a library selection may name (each is one model call). */
export const MAX_SUGGEST_GEMS = 50;

/** Tags suggested for gems of the library (`POST /api/suggestions/gem-tags`): the user's own, existing tags first. */
export const suggestGemTagsBody = z.strictObject({
  gemIds: z
    .array(idSchema, { error: 'gemIds must be a list of gem ids' })
    .min(1, 'Name at least one gem')
    .max(MAX_SUGGEST_GEMS, `At most ${MAX_SUGGEST_GEMS} gems at once`),
  modelId: idSchema.optional(),
});
export type SuggestGemTagsInput = z.input<typeof suggestGemTagsBody>;

export const gemTagSuggestionsSchema = z.object({
  data: z.array(
    z.object({
      gemId: z.number(),
      title: z.string(),
      /** Tags the gem has not yet, each existing (with its id) or new. */
      tags: z.array(suggestedTag),
      /** Why nothing was suggested for this gem (the model's failure); null when it answered. */
      error: z.string().nullable(),
    }),
  ),
});
export type GemTagSuggestions = z.infer<typeof gemTagSuggestionsSchema>['data'];
