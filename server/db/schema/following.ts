import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { collections } from './library';

/*
 * Following a public collection (server/features/following/): its new gems show in the follower's library. The row
 * outlives an unpublication; what it shows is decided when read (only while the collection is public).
 */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When the follower last opened the Following view: gems added after it are new. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_user_collection_idx').on(t.userId, t.collectionId),
    index('follows_collection_idx').on(t.collectionId),
  ],
);
