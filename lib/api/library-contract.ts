import { z } from 'zod';
import { idParamSchema, idSchema, MAX_PAGE, queryInteger } from './integers';
import { messages } from './validators';

/**
 * The library's organising contract: the collection tree, nested tags, the trash, favourites and bulk edits
 * (lib/api/routes/collections.ts, tags.ts, gems.ts, trash.ts). Plain zod: the extension bundles it.
 */

/** How many gems, collections or tags one bulk request may name. */
export const MAX_BULK = 500;
/** Trashed gems older than this are deleted for good by the trash sweep. */
export const TRASH_DAYS = 30;

const ids = (field: string) =>
  z
    .array(idSchema, { error: `${field} must be a list of ids` })
    .min(1, `Name at least one id in ${field}`)
    .max(MAX_BULK, `At most ${MAX_BULK} ids in ${field}`);

// ---------- collections ----------

/** What happens to the gems of a deleted collection (and of its sub-collections). */
export const COLLECTION_GEMS_FATES = ['unfiltered', 'trash', 'move'] as const;
export const deleteCollectionQuery = z.object({
  /** `unfiltered` (the default) moves them to Unfiltered, `trash` trashes them, `move` moves them to `to`. */
  gems: z.enum(COLLECTION_GEMS_FATES).default('unfiltered'),
  /** The collection the gems go to with `gems=move` (not one being deleted). */
  to: idParamSchema.optional(),
});
export const deleteCollectionResultSchema = z.object({
  id: z.number(),
  /** Where its gems went (null when they were trashed). */
  movedToCollectionId: z.number().nullable(),
  /** How many gems were trashed with `gems=trash` (0 otherwise). */
  trashedGems: z.number(),
});
export const bulkDeleteCollectionsBody = z.object({ collectionIds: ids('collectionIds') });
export const bulkDeleteCollectionsResultSchema = z.object({
  ids: z.array(z.number()),
  movedToCollectionId: z.number().nullable(),
  trashedGems: z.number(),
});

/** One collection's saves: in it alone, and in it with every collection below it. */
export const collectionCountSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  count: z.number(),
  countWithDescendants: z.number(),
});
export const collectionCountsSchema = z.object({
  data: z.object({
    collections: z.array(collectionCountSchema),
    /** Every save not in the trash. */
    all: z.number(),
    favourites: z.number(),
    trash: z.number(),
  }),
});
export type CollectionCounts = z.infer<typeof collectionCountsSchema>['data'];

export const subPageQuery = z.object({
  page: queryInteger(1, MAX_PAGE).default(1),
  perPage: queryInteger(1, 100).default(20),
});

// ---------- tags ----------

/** `#rrggbb` (stored lower-case), or null for the default colour. */
export const tagColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour written #rrggbb')
  .transform((v) => v.toLowerCase())
  .nullable();

/** One tag's name (no `/`: that separates a path's tags). */
export const tagSegmentSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(100, messages.tooLong)
  .refine((v) => !v.includes('/'), 'A tag name cannot hold "/" (it separates a parent from its child)');

export const updateTagBody = z.object({
  data: z.object({
    /** A new name. */
    tag: tagSegmentSchema.optional(),
    /** A new parent (null: the top level); never the tag itself or one below it. */
    parentId: idSchema.nullish(),
    color: tagColorSchema.optional(),
  }),
});
export const tagColorsBody = z.object({
  data: z
    .array(z.object({ id: idSchema, color: tagColorSchema }))
    .min(1, 'Name at least one tag')
    .max(MAX_BULK),
});
export const deleteTagsBody = z.object({ ids: ids('ids') });

/** One tag's gems: tagged with it, and tagged with it or any tag below it (each gem once). */
export const tagCountSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  count: z.number(),
  countWithDescendants: z.number(),
});

// ---------- gems: trash, favourites, bulk edits, manual order ----------

export const gemIdsBody = z.object({ ids: ids('ids') });
export const idsResultSchema = z.object({ data: z.object({ ids: z.array(z.number()) }) });
export const countResultSchema = z.object({ data: z.object({ deleted: z.number() }) });

export const countGemQuery = z.object({
  type: z.enum(['like'], { error: "Must be 'like'" }),
});
export const favouriteResultSchema = z.object({ data: z.object({ id: z.number(), isFavourite: z.boolean() }) });

export const gemPositionBody = z.object({
  /** The gem this one goes right before (in its collection's manual order). */
  before: idSchema.optional(),
  /** The gem this one goes right after. */
  after: idSchema.optional(),
});
export const gemPositionResultSchema = z.object({
  data: z.object({ id: z.number(), collectionId: z.number(), sortKey: z.string() }),
});
