import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { GemSummary, MediaType } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { gems, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { Author } from '../../db/types';
import { countUserGems, getOwnedCollection } from '../collections/collections';
import { notTrashed, orderOf, pickGemSummaries, type Sort, toAuthoredSummary, withTags } from './gems';

/* The gem lists: a collection's page, the whole library's page, and the gems saved at an address. */

/**
 * Chats, and the chat panel's prompts, brand voices, personas and memories, are gems (in the AI Chats collection)
 * but not saves: the gem lists leave them out (the chat history and the panel list them), and their totals are the
 * kept collection counts less these (counted on the partial index gems_owner_chats_idx).
 */
const isSave = sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`;
const notSave = sql`${gems.mediaType} in ${NOT_SAVE_MEDIA_TYPES}`;

export async function listGems(
  db: Db,
  author: Author,
  options: { page: number; perPage: number; collectionId?: number; mediaType?: MediaType; sortBy?: Sort },
) {
  const ownerId = author.id;
  const sort = options.sortBy ?? 'newest';
  const where = and(
    eq(gems.ownerId, ownerId),
    isSave,
    notTrashed,
    options.collectionId ? eq(gems.collectionId, options.collectionId) : undefined,
    options.mediaType ? eq(gems.mediaType, options.mediaType) : undefined,
  );
  const picked = pickGemSummaries(db)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  const rows = await withTags(db, picked, sort).prepare('list_gems').execute();
  return {
    data: rows.map(toAuthoredSummary(author)),
    total: await countGems(db, ownerId, where, options),
    page: options.page,
    perPage: options.perPage,
  };
}

/** The total of a library page: the trigger-kept collection counts of the user, less their gems that are not saves. */
const libraryTotal = sql<
  number | null
>`(select coalesce(sum(c.gems_count), 0)::int from collections c where c.owner_id = ${sql.placeholder('ownerId')})
  - (select count(*)::int from gems g where g.owner_id = ${sql.placeholder('ownerId')} and g.media_type in ${NOT_SAVE_MEDIA_TYPES})`;

const libraryPageQuery = preparedFor((db) =>
  withTags(
    db,
    pickGemSummaries(db, libraryTotal)
      .where(and(eq(gems.ownerId, sql.placeholder('ownerId')), isSave, notTrashed))
      .orderBy(...orderOf('newest'))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ).prepare('library_page'),
);

/**
 * A page of the user's whole library, newest first, and its total in the same statement; only a page
 * past the end needs the total on its own.
 */
export async function listLibrary(db: Db, author: Author, { page, perPage }: { page: number; perPage: number }) {
  const rows = await libraryPageQuery(db).execute({ ownerId: author.id, limit: perPage, offset: (page - 1) * perPage });
  const total = rows[0]?.picked.total ?? (await countSaves(db, author.id));
  return { data: rows.map(toAuthoredSummary(author)), total, page, perPage };
}

/** Totals come from the trigger-kept collection counts; only a media-type filter needs a real count. */
async function countGems(
  db: Db,
  ownerId: number,
  where: SQL | undefined,
  options: { collectionId?: number; mediaType?: MediaType },
) {
  if (options.mediaType) {
    const [row] = await db.select({ n: count() }).from(gems).where(where);
    return row?.n ?? 0;
  }
  return countSaves(db, ownerId, options.collectionId);
}

/** The user's saves (in one collection when given): the kept counts less the gems that are not saves. */
async function countSaves(db: Db, ownerId: number, collectionId?: number) {
  const kept = collectionId
    ? (await getOwnedCollection(db, ownerId, collectionId)).gemsCount
    : await countUserGems(db, ownerId);
  const [row] = await db
    .select({ n: count() })
    .from(gems)
    .where(
      and(
        eq(gems.ownerId, ownerId),
        notSave,
        collectionId === undefined ? undefined : eq(gems.collectionId, collectionId),
      ),
    );
  return kept - (row?.n ?? 0);
}

/**
 * The user's gems saved at the same page as `url` (compared by canonical URL), newest first. A chat
 * started on the page carries its address too, but is not a save of it: chats are left out.
 */
const gemsAtUrlQuery = preparedFor((db) =>
  withTags(
    db,
    pickGemSummaries(db).where(
      and(
        eq(gems.ownerId, sql.placeholder('ownerId')),
        eq(gems.canonicalUrl, sql.placeholder('canonicalUrl')),
        ne(gems.mediaType, 'AIChat'),
        notTrashed,
      ),
    ),
  ).prepare('gems_at_url'),
);

export async function gemsAtUrl(db: Db, author: Author, url: string): Promise<GemSummary[]> {
  const rows = await gemsAtUrlQuery(db).execute({ ownerId: author.id, canonicalUrl: canonicalizeUrl(url) });
  return rows.map(toAuthoredSummary(author));
}
