import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { updatedAt } from './columns';
import { collections } from './library';

/**
 * An owner's anonymous use of their public prompts (server/features/public-prompts/): whether visitors who are not
 * signed in may run them, with which of the owner's models, how many runs a visitor address gets a day, and the
 * credits a month they may spend. `spent` counts this `month`'s credits (held and charged); a run takes its hold by
 * one conditional UPDATE of this row, so runs started together cannot pass the budget.
 */
export const anonymousUse = pgTable(
  'anonymous_use',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    modelIds: integer('model_ids').array().notNull().default(sql`'{}'::integer[]`),
    dailyLimit: integer('daily_limit').notNull().default(20),
    monthlyBudget: integer('monthly_budget').notNull().default(100),
    month: date('month', { mode: 'string' }).notNull().default(sql`date_trunc('month', now())::date`),
    spent: integer('spent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('anonymous_use_limits', sql`${t.dailyLimit} >= 0 AND ${t.monthlyBudget} >= 0 AND ${t.spent} >= 0`)],
);

/**
 * A public collection served as a site (server/features/custom-sites/): under `/sites/{subdirectory}` and, once the
 * owner proved they hold it (`domain_verified_at`), at its own domain. One row per collection; a domain or a
 * subdirectory belongs to one collection at most.
 */
export const customSites = pgTable(
  'custom_sites',
  {
    collectionId: integer('collection_id')
      .primaryKey()
      .references(() => collections.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case, without port or trailing dot. */
    domain: text('domain'),
    /** What the owner places at `http(s)://{domain}/.well-known/trove-verify.txt`. */
    domainToken: text('domain_token'),
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    subdirectory: text('subdirectory'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('custom_sites_domain_idx').on(t.domain),
    uniqueIndex('custom_sites_subdirectory_idx').on(t.subdirectory),
  ],
);
