import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { collections, gems, tags } from './library';

export const shareLinkKinds = ['collection', 'tag', 'gem'] as const;
export type ShareLinkKind = (typeof shareLinkKinds)[number];
export const shareLinkAudiences = ['anyone', 'signed-in', 'emails'] as const;
export type ShareLinkAudience = (typeof shareLinkAudiences)[number];

/**
 * A collection, a tag or one gem shared by a link (server/features/share-links/). The token is never stored in
 * clear: `token_hash` (SHA-256, hex) finds the link, `token_encrypted` (server/ai/crypto.ts, bound to the link's id)
 * shows it to the owner again. One link per resource; regenerating replaces both columns.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ShareLinkKind>().notNull(),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    gemId: integer('gem_id').references(() => gems.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    audience: text('audience').$type<ShareLinkAudience>().notNull().default('anyone'),
    /** Lower case; only for the `emails` audience. */
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    showNotes: boolean('show_notes').notNull().default(false),
    accessCount: integer('access_count').notNull().default(0),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'share_links_resource_check',
      sql`num_nonnulls(${t.collectionId}, ${t.tagId}, ${t.gemId}) = 1 AND (${t.kind} = 'collection') = (${t.collectionId} IS NOT NULL) AND (${t.kind} = 'tag') = (${t.tagId} IS NOT NULL) AND (${t.kind} = 'gem') = (${t.gemId} IS NOT NULL)`,
    ),
    check('share_links_audience_check', sql`${t.audience} IN ('anyone', 'signed-in', 'emails')`),
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('share_links_collection_idx').on(t.collectionId).where(sql`${t.collectionId} IS NOT NULL`),
    uniqueIndex('share_links_tag_idx').on(t.tagId).where(sql`${t.tagId} IS NOT NULL`),
    uniqueIndex('share_links_gem_idx').on(t.gemId).where(sql`${t.gemId} IS NOT NULL`),
    index('share_links_owner_idx').on(t.ownerId),
  ],
);
