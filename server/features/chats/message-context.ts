import { type SQL, sql } from 'drizzle-orm';
import { type MessageContext, messageContextSchema } from '../../../lib/api/contract';
import { messages } from '../../db/schema';

/** Writes to a stored message's context after its insert: the one way to change some of its keys. */

/**
 * An update of a message's context that sets `patch`'s keys (checked by their schema) and keeps the others, within the
 * statement (`context || patch`): atomic with the rest of the update, so writers of different keys never undo each other.
 */
export const patchContext = (patch: MessageContext): SQL =>
  sql`${messages.context} || ${JSON.stringify(messageContextSchema.parse(patch))}::jsonb`;

/** A key of a message's context as text, for a condition on it (null when the key is absent). */
export const contextText = (key: keyof MessageContext): SQL => sql`${messages.context}->>${key}::text`;
