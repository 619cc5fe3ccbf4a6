import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkStatus } from '../../../lib/api/link-contract';
import { users } from './accounts';
import { gems } from './library';

/**
 * The dead-link check and the page fills of imported gems (server/features/links/): one row per gem the worker has
 * looked at or been asked to, beside the gem rather than in it, so a check never rewrites the gem's row and its
 * search indexes. A gem with no row has not been checked yet.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    gemId: integer('gem_id')
      .primaryKey()
      .references(() => gems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the first check. */
    status: text('status').$type<LinkStatus>(),
    /** The last answer's HTTP status, or null when none came (timeout, refused, no such site). */
    code: smallint('code'),
    /** The last check's outcome in words ("404 Not Found", "Timed out after 10 s"). */
    detail: text('detail').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When the worker may look at it again; also the lease of a copy checking it now. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** Temporary failures in a row (5xx, 429, timeouts); at LINK_FAILURES_BROKEN the link counts as broken. */
    failures: integer('failures').notNull().default(0),
    /** "Check now": taken before the periodic ones. */
    requested: boolean('requested').notNull().default(false),
    /** An imported gem whose page text, description and image are still to be fetched (empty fields only). */
    fillPage: boolean('fill_page').notNull().default(false),
  },
  (t) => [
    index('link_checks_due_idx').on(t.requested.desc(), t.fillPage.desc(), t.nextAt),
    index('link_checks_owner_broken_idx').on(t.ownerId).where(sql`${t.status} = 'broken'`),
  ],
);
