import { z } from 'zod';
import { gemSchema, gemSummarySchema, pageQuery } from './core-contract';
import { idSchema } from './integers';

/** The most gems one merge may name (a group is rarely more than a handful). */
export const MAX_MERGE = 100;

/** `GET /api/duplicates`: groups a page at a time. */
export const duplicatesQuery = pageQuery;

/** Gems the user saved at one page (one canonical address, lib/api/canonical-url.ts), oldest first. */
export const duplicateGroupSchema = z.object({
  canonicalUrl: z.string(),
  gems: z.array(gemSummarySchema),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

/** A page of groups; `total` counts the groups. */
export const duplicateGroupsSchema = z.object({
  data: z.array(duplicateGroupSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type DuplicateGroupPage = z.infer<typeof duplicateGroupsSchema>;

/**
 * `POST /api/duplicates/merge`: gems of one canonical address merged into `keepId` (one of `ids`; the oldest when
 * left out). The others go to the trash.
 */
export const mergeDuplicatesBody = z
  .object({
    ids: z
      .array(idSchema, { error: 'ids must be a list of ids' })
      .min(2, 'Name at least two gems to merge')
      .max(MAX_MERGE, `At most ${MAX_MERGE} gems in one merge`),
    keepId: idSchema.optional(),
  })
  .refine((body) => new Set(body.ids).size === body.ids.length, { message: 'A gem is named twice', path: ['ids'] })
  .refine((body) => body.keepId === undefined || body.ids.includes(body.keepId), {
    message: 'keepId must be one of ids',
    path: ['keepId'],
  });
export type MergeDuplicatesInput = z.input<typeof mergeDuplicatesBody>;

/** The merged gem, and the ids of the others (now in the trash: POST /api/trash/restore puts them back). */
export const mergeResultSchema = z.object({
  data: z.object({ gem: gemSchema, trashedIds: z.array(z.number()) }),
});
export type MergeResult = z.infer<typeof mergeResultSchema>['data'];
