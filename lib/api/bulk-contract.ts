import { z } from 'zod';
import { idSchema, MAX_ROW_ID } from './integers';
import { MAX_QUERY_LENGTH } from './search-contract';
import { messages } from './validators';

/**
 * Bulk changes (lib/api/routes/bulk.ts): one action over many gems, named by id or by a search, run as a job that
 * can be followed and undone. Plain zod: the extension bundles it.
 */

export const BULK_ACTIONS = [
  'move',
  'tag',
  'untag',
  'favourite',
  'unfavourite',
  'trash',
  'restore',
  'tag-suggested',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_STATUSES = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** How many gems one request may name by id. */
export const MAX_BULK_IDS = 10_000;
/** How many tags one tag or untag job may name. */
export const MAX_BULK_TAGS = 20;
/** Jobs of at most this many gems are done within the request; larger ones by the server's worker. */
export const BULK_INLINE_LIMIT = 200;
/** How many gems one `tag-suggested` job may give their own tags (a library selection's suggestions). */
export const MAX_SUGGESTED_ASSIGNMENTS = 50;

/**
 * The gems: `ids` (the user's own are changed, others are left out) or `query`, the search text as the user ran it,
 * with `expectedCount`, how many gems the user saw it match (the job is refused if it now matches more).
 */
const targetSchema = z
  .object(
    {
      ids: z
        .array(idSchema, { error: 'ids must be a list of gem ids' })
        .min(1, 'Name at least one gem')
        .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} gems by id (use a query for more)`)
        .optional(),
      query: z.string({ error: 'Must be the search text' }).max(MAX_QUERY_LENGTH, messages.tooLong).optional(),
      expectedCount: z
        .number({ error: 'Must be the number of gems the search showed' })
        .int('Must be a whole number')
        .min(0, 'Must be 0 or more')
        .max(MAX_ROW_ID, 'Too large')
        .optional(),
    },
    { error: 'Must be {ids: [...]} or {query, expectedCount}' },
  )
  .strict()
  .superRefine((target, ctx) => {
    if ((target.ids === undefined) === (target.query === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'Name the gems by ids or by query (one of them)' });
    else if (target.query !== undefined && target.expectedCount === undefined)
      ctx.addIssue({ code: 'custom', path: ['expectedCount'], message: 'A query needs the count of gems it showed' });
    else if (target.ids !== undefined && target.expectedCount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['expectedCount'], message: 'Only a query takes an expected count' });
  });

export const bulkJobBody = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `Must be one of ${BULK_ACTIONS.join(', ')}` }),
    target: targetSchema,
    /** The collection `move` moves the gems to. */
    collectionId: idSchema.optional(),
    /** The tags `tag` adds or `untag` removes. */
    tagIds: z
      .array(idSchema, { error: 'tagIds must be a list of tag ids' })
      .min(1, 'Name at least one tag')
      .max(MAX_BULK_TAGS, `At most ${MAX_BULK_TAGS} tags`)
      .optional(),
    /** `tag-suggested`: each gem's own tags (accepted from the AI's suggestions), recorded as added by the AI. */
    assignments: z
      .array(
        z.strictObject({
          gemId: idSchema,
          tagIds: z
            .array(idSchema, { error: 'tagIds must be a list of tag ids' })
            .min(1, 'Name at least one tag')
            .max(MAX_BULK_TAGS, `At most ${MAX_BULK_TAGS} tags`),
        }),
        { error: 'assignments must be a list of {gemId, tagIds}' },
      )
      .min(1, 'Name at least one gem')
      .max(MAX_SUGGESTED_ASSIGNMENTS, `At most ${MAX_SUGGESTED_ASSIGNMENTS} gems`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'tag-suggested') {
      const ids = new Set(body.target.ids ?? []);
      if (body.assignments === undefined)
        ctx.addIssue({ code: 'custom', path: ['assignments'], message: 'tag-suggested needs each gem’s tags' });
      else if (body.target.ids === undefined || body.assignments.some((a) => !ids.has(a.gemId)))
        ctx.addIssue({
          code: 'custom',
          path: ['target', 'ids'],
          message: 'tag-suggested takes the ids of the gems it assigns tags to',
        });
    } else if (body.assignments !== undefined)
      ctx.addIssue({ code: 'custom', path: ['assignments'], message: 'Only tag-suggested takes assignments' });
    if (body.action === 'move' && body.collectionId === undefined)
      ctx.addIssue({ code: 'custom', path: ['collectionId'], message: 'move needs the collection to move to' });
    if ((body.action === 'tag' || body.action === 'untag') && body.tagIds === undefined)
      ctx.addIssue({ code: 'custom', path: ['tagIds'], message: `${body.action} needs the tags` });
    if (body.action === 'restore' && body.target.query !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['target', 'query'],
        message: 'restore takes gem ids (searches do not find trashed gems)',
      });
  });
export type BulkJobBody = z.input<typeof bulkJobBody>;

export const bulkJobSchema = z.object({
  id: z.number(),
  action: z.enum(BULK_ACTIONS),
  status: z.enum(BULK_STATUSES),
  /** How many gems the job changes. */
  total: z.number(),
  /** How many of them are changed so far. */
  done: z.number(),
  /** Why a failed job stopped. */
  error: z.string().optional(),
  collectionId: z.number().nullable(),
  tagIds: z.array(z.number()),
  /** The search the gems were chosen by, or null when by id. */
  query: z.string().nullable(),
  createdAt: z.string(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** Whether a job is still being worked (its progress will move; it cannot be undone yet). */
export const isBulkJobActive = (job: Pick<BulkJob, 'status'>) => job.status === 'queued' || job.status === 'running';
