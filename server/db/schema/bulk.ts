import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BulkAction, BulkStatus } from '../../../lib/api/bulk-contract';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { collections, gems } from './library';

/**
 * Bulk changes (server/features/bulk/): a job names one action and its arguments; its items are the gems it
 * changes, each with what it was before (recorded when the change is made), so the job can be undone exactly.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<BulkAction>().notNull(),
    status: text('status').$type<BulkStatus>().notNull().default('queued'),
    /** `move`'s collection (null if it was deleted before the job ran: the job then fails). */
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    /** `tag`'s and `untag`'s tags (a tag deleted meanwhile is skipped). */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    query: text('query'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bulk_jobs_owner_idx').on(t.ownerId, t.id.desc()),
    // the worker's queue: only jobs still to be worked are in it
    index('bulk_jobs_active_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    /** Whether the change was made to this gem (and its before-state below recorded). */
    applied: boolean('applied').notNull().default(false),
    collectionId: integer('collection_id'),
    sortKey: text('sort_key'),
    isFavourite: boolean('is_favourite'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The tags `tag` really added to the gem, or `untag` really removed. */
    tagIds: integer('tag_ids').array(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.gemId] }), index('bulk_job_items_gem_idx').on(t.gemId)],
);
