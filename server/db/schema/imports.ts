import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type {
  ImportFormat,
  ImportItem,
  ImportItemStatus,
  ImportProblem,
  ImportStatus,
} from '../../../lib/api/import-contract';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { gems } from './library';

/**
 * Imports (server/features/imports/): a file read once into a job and one staged row per item, worked in batches
 * that each write their gems and their items' statuses in one transaction, so a stopped server resumes where it
 * was and no item is done twice.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    added: integer('added').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The file's unreadable parts (the first LISTED_PROBLEMS) and how many there were. */
    problems: jsonb('problems').$type<ImportProblem[]>().notNull().default([]),
    problemCount: integer('problem_count').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('import_jobs_owner_idx').on(t.ownerId, t.id.desc()),
    index('import_jobs_active_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export const importItems = pgTable(
  'import_items',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The item's place in the file: items are worked in this order, so a repeat merges into the first. */
    position: integer('position').notNull(),
    item: jsonb('item').$type<ImportItem>().notNull(),
    status: text('status').$type<ImportItemStatus>().notNull().default('pending'),
    reason: text('reason'),
    gemId: integer('gem_id').references(() => gems.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.position] }),
    index('import_items_pending_idx').on(t.jobId, t.position).where(sql`${t.status} = 'pending'`),
  ],
);
