import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GemMedia, MediaType } from '../../../lib/api/contract';
import { users } from './accounts';
import { createdAt, tsvector, updatedAt } from './columns';
import { feedbacks } from './feedback';

/* The library: collections, tags, gems and their tags, uploaded files, and the passages cut from gems for retrieval. */

/**
 * The media types of gems that are not saves (chats, and the prompts, brand voices, personas and memories of the
 * chat panel), and the same as an SQL list: a literal, not parameters, so that the planner may use
 * gems_owner_chats_idx.
 */
export const NOT_SAVE_TYPES: readonly MediaType[] = ['AIChat', 'Prompt', 'BrandVoice', 'Persona', 'Memory'];
export const NOT_SAVE_MEDIA_TYPES = sql.raw(`(${NOT_SAVE_TYPES.map((type) => `'${type}'`).join(', ')})`);

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => collections.id, { onDelete: 'cascade' }),
    isUnfiltered: boolean('is_unfiltered').notNull().default(false),
    /** False on a sub-collection: the shares of the collections above it do not reach it (its own still do). */
    sharesInherit: boolean('shares_inherit').notNull().default(true),
    /** Kept by triggers on gems (migration 0001), so counts and list totals never scan the gems. */
    gemsCount: integer('gems_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Publishing (server/features/public-pages/): the page /{username}/{publicSlug} while isPublic.
    isPublic: boolean('is_public').notNull().default(false),
    /** Kept when unpublished, so publishing again gives the same address. */
    publicSlug: text('public_slug'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoImage: text('seo_image'),
    noindex: boolean('noindex').notNull().default(true),
    includeSubcollections: boolean('include_subcollections').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Signed-in users may offer gems to it while public; each waits for the owner (server/features/moderation/). */
    acceptOffers: boolean('accept_offers').notNull().default(false),
  },
  (t) => [
    index('collections_owner_idx').on(t.ownerId, t.parentId),
    uniqueIndex('collections_owner_slug_idx').on(t.ownerId, t.publicSlug),
    index('collections_public_idx').on(t.publishedAt).where(sql`${t.isPublic}`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    /** A colour the library shows the tag in: `#rrggbb`, or null for the default. */
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

/**
 * The statements that changed an owner's gems, collections or tags, a row for each collection they touched (a tag's:
 * none) (triggers, migration 0058), so an open library hears of changes made elsewhere, whoever made them and from
 * wherever, and a member only of those in what is shared with them (GET /api/access-events,
 * server/features/access-events/library-changes.ts). Rows are only added, so a change takes no lock another waits on;
 * readers count them (a count grows when a change commits, whatever the order of commits) and the oldest are let go.
 * No foreign keys: the triggers of a deleted user's cascade would write here after the user's row is gone.
 */
export const libraryChanges = pgTable(
  'library_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id').notNull(),
    collectionId: integer('collection_id'),
  },
  (t) => [index('library_changes_owner_idx').on(t.ownerId, t.id)],
);

export const gems = pgTable(
  'gems',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    title: text('title').notNull(),
    /**
     * The title as "Title A–Z" sorts it: lower case, each run of digits zero-padded to 20 digits (longer runs kept),
     * so "Take 2" comes before "Take 10".
     */
    titleSort: text('title_sort')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(regexp_replace(lower("title"), '([0-9]+)', '00000000000000000000\\1', 'g'), '0*([0-9]{20})', '\\1', 'g')`,
      ),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    canonicalUrl: text('canonical_url').notNull(),
    mediaType: text('media_type').$type<MediaType>().notNull().default('Link'),
    media: jsonb('media').$type<GemMedia>().notNull().default({}),
    image: text('image'),
    favicon: text('favicon'),
    text: text('text'),
    byline: text('byline'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** The owner's own notes on the gem (plain text). */
    notes: text('notes').notNull().default(''),
    isFavourite: boolean('is_favourite').notNull().default(false),
    /** Set when the gem is moved to the trash; a trashed gem keeps its collection and tags for a restore. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The gem's place in its collection's manual order: a fractional key, so a move writes one row. */
    sortKey: text('sort_key'),
    /** A member (contributor and up) who added the gem to the owner's shared collection; null when the owner did. */
    addedBy: integer('added_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gems_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('gems_owner_canonical_url_idx').on(t.ownerId, t.canonicalUrl),
    index('gems_owner_title_sort_idx').on(t.ownerId, t.titleSort, t.id),
    index('gems_collection_idx').on(t.collectionId),
    // Chats and the chat panel's kinds are left out of the gem lists: their count (by owner or collection) is
    // subtracted from the kept totals.
    index('gems_owner_chats_idx').on(t.ownerId, t.collectionId).where(sql`${t.mediaType} in ${NOT_SAVE_MEDIA_TYPES}`),
    // The trash, newest deleted first; the sweep reads it by age (trashed gems are few beside the library).
    index('gems_owner_trash_idx').on(t.ownerId, t.deletedAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is not null`),
    // Favourites (the sidebar's count and its list), out of the trash.
    index('gems_owner_favourite_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isFavourite} and ${t.deletedAt} is null`),
    // The favourites again without the owner: a search's `is:fav` beside words is then a bitmap the planner intersects
    // with the words' index, which also leads with the owner (it never intersects two whose conditions overlap), where
    // it read every favourite since the date and checked the words in each one's out-of-line document (PGlite, `chat
    // adding after:2020-01-01 is:fav` at 100,000 gems: 115–147 → 53 ms; bench/RESULTS.md).
    index('gems_favourite_created_idx').on(t.createdAt).where(sql`${t.isFavourite} and ${t.deletedAt} is null`),
    // A public collection's page (server/features/public-pages/page-data.ts): the newest saves of each collection.
    index('gems_collection_created_idx')
      .on(t.collectionId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`),
    uniqueIndex('gems_owner_idempotency_idx')
      .on(t.ownerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const gemTags = pgTable(
  'gem_tags',
  {
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** The tag was suggested by the AI and accepted by the user (`aiTags` at save), not typed or picked by them. */
    addedByAi: boolean('added_by_ai').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.gemId, t.tagId] }), index('gem_tags_tag_idx').on(t.tagId)],
);

/**
 * Uploaded files, stored under the data folder by an unguessable key. A file attached to a
 * submitted report (`feedbackId`) is kept with it and can no longer be deleted by its owner.
 * An image gem's file (`purpose` 'gem', `gemId`) lives and dies with its gem: deleting the gem
 * deletes it, and it cannot be deleted on its own.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose').$type<'feedback' | 'gem' | 'chat'>().notNull(),
    /** The name a chat file was uploaded under (display only; '' for images saved otherwise). */
    name: text('name').notNull().default(''),
    /** A chat document's extracted text (null for images). */
    text: text('text'),
    feedbackId: integer('feedback_id').references(() => feedbacks.id, { onDelete: 'set null' }),
    /**
     * The gem the file belongs to: an image gem's image, or a chat's file (a chat is a gem) once sent in it.
     * Set null (not cascaded) if a gem goes by another way than deleteGem, so the file keeps a row to be found and
     * removed by.
     */
    gemId: integer('gem_id').references(() => gems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_idx').on(t.key),
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_gem_idx').on(t.gemId).where(sql`${t.gemId} is not null`),
  ],
);

/**
 * Passages of gems for retrieval (server/features/answers/retrieval.ts): each gem's text split into bounded
 * paragraph groups with their full-text vector, made when a gem is first used as chat context and
 * made again when the gem has changed since (`source_updated_at` is the gem's `updated_at` they were cut from).
 */
export const gemPassages = pgTable(
  'gem_passages',
  {
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    startChar: integer('start_char').notNull(),
    endChar: integer('end_char').notNull(),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gemId, t.idx] })],
);

/** A search saved with a name (a smart collection): the query text as typed, free words and `sort:` included. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_searches_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);
