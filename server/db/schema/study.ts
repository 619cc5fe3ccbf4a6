import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { StudyKind } from '../../../lib/api/study-contract';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { gems } from './library';

/**
 * What the AI made from a gem's saved text (server/features/study/): one summary, one set of flash cards and one
 * quiz per gem, replaced when regenerated and deleted with the gem. Shared like the gem: whoever may read the gem
 * reads them.
 */
export const gemStudy = pgTable(
  'gem_study',
  {
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StudyKind>().notNull(),
    /** The summary's text, the cards or the quiz, as lib/api/study-contract.ts describes them. */
    content: jsonb('content').notNull(),
    /** The model's display name. */
    modelName: text('model_name').notNull(),
    /** Who had it made (the owner, or a member allowed to change the gem). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gemId, t.kind] })],
);

/**
 * The text recognition of an image gem (server/features/ocr/): one row per gem, worked in the background. A worker
 * claims a queued row for a while (`claimed_until`) and works it outside any transaction (recognition takes seconds);
 * a row whose claim ran out (its server stopped) is taken up again, at most OCR_ATTEMPTS times.
 */
export const ocrJobs = pgTable(
  'ocr_jobs',
  {
    gemId: integer('gem_id')
      .primaryKey()
      .references(() => gems.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Why it failed (too slow, too big, not an image), for the gem's sheet. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ocr_jobs_queued_idx').on(t.createdAt).where(sql`${t.status} = 'queued'`)],
);
