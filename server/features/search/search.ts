import { type SQL, sql } from 'drizzle-orm';
import type { SearchFacets, SearchHit } from '../../../lib/api/search-contract';
import type { SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { librarySavesCountSql } from '../collections/collection-tree';
import type { Meaning } from '../embeddings/meaning';
import { withNearestScan } from '../embeddings/vector-index';
import { type Reach, readerReach } from '../sharing/access';
import { blendedCountStatement, blendedSearchStatement } from './blend';
import { type CompiledSearch, compileSearch, matchedSql, withClause } from './compile';
import { compileSearchFor, namedIdsFor } from './compile-for';
import { gemAuthorJoinSql, gemFromRaw, gemSelectSql } from './gem-rows';
import { orderColumnsOf } from './order';
import { upAncestors } from './paths';
import { gemHostSql, gemKindSql } from './readable';
import { snippetParts } from './snippet';

export interface Paging {
  page: number;
  perPage: number;
}

/** How many gems match: by their ids, or for one's whole library from the collections' counts. */
const matchCount = (c: CompiledSearch): SQL =>
  c.wholeLibraryOf === null ? sql`(SELECT count(*) FROM (${matchedSql(c)}) m)` : librarySavesCountSql(c.wholeLibraryOf);

/**
 * `page` (id, rank, total): the matched gems in the query's order, `limit` of them from `offset`, with how many match
 * in all (counted before the limit). With words every match is ranked, so they are counted as they are read: `OFFSET
 * 0` keeps the matches a subquery of their own, ranked as they are read, so the count's window holds their narrow
 * rows, not each one's ranking document and title (PGlite `use api type:article`, 19,125 matches: 93 → 61 ms;
 * bench/RESULTS.md). Without words the page is read in its order (from an index, stopping at its end; a fenced
 * subquery would lose that order) and the matches are counted apart (matchCount): a count over the window carried
 * each match's row to it.
 */
export function pageCte(c: CompiledSearch, limit: number, offset = 0): SQL {
  const matched = matchedSql(c, sql`${c.rank} AS rank, ${orderColumnsOf(c.sort)}`);
  const [total, fence] = c.textQuery ? [sql`count(*) OVER ()`, sql` OFFSET 0`] : [matchCount(c), sql``];
  return sql`page AS (
    SELECT g.id, g.rank, ${total} AS total FROM (${matched}${fence}) g
    ORDER BY ${c.order} LIMIT ${limit} OFFSET ${offset})`;
}

/**
 * The one statement of a search: the page of matching gems (with the total, counted before the limit) and, for that
 * page only, each gem's columns, tags and snippet. Exported for the bench's EXPLAIN.
 */
export function searchStatement(c: CompiledSearch, { page, perPage }: Paging): SQL {
  return sql`${withClause(c, [pageCte(c, perPage, (page - 1) * perPage)])}
    SELECT ${gemSelectSql}, page.rank, page.total, ${c.headline} AS headline
    FROM page JOIN gems g ON g.id = page.id ${gemAuthorJoinSql}
    ORDER BY ${c.order}`;
}

/**
 * A page of the query's gems with their snippet, rank and the total: one statement (plus a count past the end). With
 * `meaning` (the user's embedding of the query's words, see blend.ts) the word and meaning ranks are blended.
 */
export async function searchGems(
  db: Db,
  userId: number,
  query: SearchQuery,
  { page, perPage }: Paging,
  extra: SQL[] = [],
  meaning: Meaning | null = null,
): Promise<{ hits: SearchHit[]; total: number }> {
  const offset = (page - 1) * perPage;
  const reach = await readerReach(db, userId);
  const options = { extra, reach, named: await namedIdsFor(db, query, userId, reach) };
  const compiled = compileSearch(query, userId, options);
  const statement = meaning
    ? blendedSearchStatement(userId, query, { page, perPage }, meaning, options)
    : searchStatement(compiled, { page, perPage });
  const rows = meaning
    ? await withNearestScan(db, (tx) => selectRows<Record<string, unknown>>(tx, statement))
    : await selectRows<Record<string, unknown>>(db, statement);
  const countPastEnd = async () =>
    meaning
      ? Number(
          (
            await withNearestScan(db, (tx) =>
              selectRows<{ n: number | string }>(tx, blendedCountStatement(userId, query, meaning, options)),
            )
          )[0]?.n,
        )
      : countMatches(db, compiled);
  const total = rows.length ? Number(rows[0]?.total) : offset > 0 ? await countPastEnd() : 0;
  const hits = rows.map((raw) => ({
    ...gemFromRaw(raw, userId),
    snippet: snippetParts(raw.headline as string | null),
    rank: Number(raw.rank),
  }));
  return { hits, total };
}

/** How many gems the query matches (for a page past the last, which has no row to carry the total). */
export async function countGems(
  db: Db,
  userId: number,
  query: SearchQuery,
  extra: SQL[] = [],
  reach?: Reach,
): Promise<number> {
  return countMatches(
    db,
    await compileSearchFor(db, query, userId, { extra, reach: reach ?? (await readerReach(db, userId)) }),
  );
}

async function countMatches(db: Db, c: CompiledSearch): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(db, sql`${withClause(c)} SELECT ${matchCount(c)} AS n`);
  return Number(row?.n ?? 0);
}

/** At most this many of each facet, the largest first. */
const FACET_LIMIT = 50;

/** GROUPING(media_type, collection_id, host) of each grouping set of `counted`: a bit set for each column not grouped by. */
const BY_MEDIA_TYPE = sql.raw('3');
const BY_COLLECTION = sql.raw('5');
const BY_HOST = sql.raw('6');

/**
 * The one statement of the query's facets (searchFacets), each count being the total of the query AND that facet: a
 * tag or collection counts the gems at it or under it (once each), a site the gems on that host or its subdomains.
 * The matches are read once, then counted. `c` is compiled with `paths`. Exported for the bench's EXPLAIN.
 */
export function facetsStatement(c: CompiledSearch): SQL {
  const own = [
    sql`matched AS MATERIALIZED (${matchedSql(c, sql`g.collection_id, g.media_type, ${gemHostSql} AS host, g.tag_ids`)})`,
    // the matches by their set of tag ids (the row's, migration 0056): sets are few beside the matches, and a set's
    // tags and those above them are then counted once a set, not once a gem (a join of the matches with gem_tags
    // and a distinct count by path: 135 of a 277 ms statement at 19,598 matches, bench/RESULTS.md)
    sql`tag_sets AS (SELECT tag_ids, count(*) AS n FROM matched WHERE tag_ids <> '{}' GROUP BY tag_ids)`,
    // the matches by media type, by collection and by host in one pass over them (`by`: which of the three a row
    // counts); the media types are named as kinds once counted
    sql`counted AS (SELECT media_type, collection_id, host, GROUPING(media_type, collection_id, host) AS by, count(*) AS n
      FROM matched GROUP BY GROUPING SETS ((media_type), (collection_id), (host)))`,
    sql`by_collection AS (SELECT collection_id, n FROM counted WHERE by = ${BY_COLLECTION})`,
    sql`by_host AS (SELECT host, n FROM counted WHERE by = ${BY_HOST} AND host <> '')`,
    // each host's count at itself (i = 1) and at each domain above it ("a.b.c": at "a.b.c", "b.c", "c"), so a site's
    // count is a sum over its name with no join: one comparing every host with every other took half a second at 800
    // hosts, and a join on names is planned as that too when the matches are estimated at a few rows
    sql`host_up AS (SELECT s.n, array_to_string(labels[i:], '.') AS up, i = 1 AS own
      FROM by_host s, string_to_array(s.host, '.') AS labels, generate_series(1, cardinality(labels)) AS i)`,
  ];
  const limit = sql.raw(String(FACET_LIMIT));
  return sql`${withClause(c, own)}
    SELECT
      (SELECT coalesce(sum(n), 0) FROM counted WHERE by = ${BY_MEDIA_TYPE}) AS total,
      (SELECT coalesce(json_agg(json_build_object('value', kind, 'count', n) ORDER BY n DESC, kind), '[]'::json) FROM (
        SELECT ${gemKindSql} AS kind, sum(g.n) AS n FROM counted g WHERE g.by = ${BY_MEDIA_TYPE} GROUP BY 1) f
        WHERE kind IS NOT NULL) AS types,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'path', display, 'count', n) ORDER BY n DESC, path), '[]'::json) FROM (
        SELECT id, path, display, sum(n) AS n FROM (
          SELECT DISTINCT c.tag_ids, c.n, a.id, a.path, a.display FROM tag_sets c
          CROSS JOIN LATERAL unnest(c.tag_ids) AS gt(tag_id) JOIN (${upAncestors('tag_paths')}) ON p.id = gt.tag_id) d
        GROUP BY id, path, display ORDER BY n DESC, path LIMIT ${limit}) f) AS tags,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'path', display, 'count', n) ORDER BY n DESC, path), '[]'::json) FROM (
        SELECT min(a.id) AS id, a.path, min(a.display) AS display, sum(b.n) AS n
        FROM by_collection b JOIN (${upAncestors('collection_paths')}) ON p.id = b.collection_id
        GROUP BY a.path ORDER BY n DESC, a.path LIMIT ${limit}) f) AS collections,
      (SELECT coalesce(json_agg(json_build_object('value', host, 'count', n) ORDER BY n DESC, host), '[]'::json) FROM (
        SELECT up AS host, sum(n) AS n FROM host_up GROUP BY up HAVING bool_or(own)
        ORDER BY n DESC, host LIMIT ${limit}) f) AS sites`;
}

export async function searchFacets(
  db: Db,
  userId: number,
  query: SearchQuery,
  extra: SQL[] = [],
): Promise<{ facets: SearchFacets['data']; total: number }> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    facetsStatement(
      await compileSearchFor(db, query, userId, { extra, paths: true, reach: await readerReach(db, userId) }),
    ),
  );
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as never[];
  const counted = <T extends { count: unknown }>(items: T[]) => items.map((i) => ({ ...i, count: Number(i.count) }));
  return {
    total: Number(row?.total ?? 0),
    facets: {
      types: counted(json(row?.types)),
      tags: counted(json(row?.tags)),
      collections: counted(json(row?.collections)),
      sites: counted(json(row?.sites)),
    },
  };
}
