import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { aiModels } from './ai';
import { updatedAt } from './columns';

/**
 * Suggestions at save time (server/features/suggestions/): whether the popup asks for them and with which model. No
 * row, or `enabled` null, is "not chosen": on once the user has a usable model. A model removed from the catalogue
 * falls back to the default text model.
 */
export const suggestionSettings = pgTable('suggestion_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled'),
  modelId: integer('model_id').references(() => aiModels.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
