import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-off steps the server runs at start and records once done, for data a migration cannot compute in SQL (such as
 * gems.canonical_url under a new rule: server/features/duplicates/recanonicalize.ts).
 */
export const maintenanceSteps = pgTable('maintenance_steps', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
