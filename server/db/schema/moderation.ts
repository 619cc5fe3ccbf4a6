import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GemMedia, MediaType } from '../../../lib/api/contract';
import { users } from './accounts';
import { createdAt } from './columns';
import { collections, gems } from './library';

export type OfferStatus = 'pending' | 'approved' | 'rejected';

/*
 * A gem offered to someone else's public collection (server/features/moderation/). The offerer never writes the
 * owner's collection: the offer keeps what the owner reviews (title, address, description, image, type and its details,
 * taken when offered), and approving it makes a copy of that, owned by the collection's owner, in the collection.
 */
export const gemOffers = pgTable(
  'gem_offers',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The offerer's gem; its offers go when it is deleted for good (not when trashed). */
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    offererId: integer('offerer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OfferStatus>().notNull().default('pending'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    favicon: text('favicon'),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    media: jsonb('media').$type<GemMedia>().notNull().default({}),
    /** The copy approval made in the owner's collection (null until then, or once the owner deleted it for good). */
    approvedGemId: integer('approved_gem_id').references((): AnyPgColumn => gems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // one pending offer per gem and collection
    uniqueIndex('gem_offers_pending_idx').on(t.collectionId, t.gemId).where(sql`${t.status} = 'pending'`),
    index('gem_offers_collection_idx').on(t.collectionId, t.status, t.createdAt.desc()),
    index('gem_offers_offerer_idx').on(t.offererId, t.createdAt.desc()),
    index('gem_offers_gem_idx').on(t.gemId),
  ],
);
