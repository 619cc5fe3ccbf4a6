import { type SQL, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../lib/api/search-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { type CompiledSearch, withClause } from '../search/compile';
import { gemAuthorJoinSql, gemFromRaw, gemSelectSql } from '../search/gem-rows';

/**
 * A page with no search and no tag filter (and the feeds): the newest saves of a set of collections without the
 * library's search, whose `count(*) OVER ()` reads every gem of the set. Each collection gives its newest
 * `offset + limit` by gems_collection_created_idx (migration 0034, the saves out of the trash), the merge keeps a page;
 * the total is the trigger-kept collections.gems_count (trashed gems are not in it) less the chats and other non-saves,
 * as the library's sidebar counts (server/features/collections/collection-tree.ts).
 */

const idArray = (ids: number[]): SQL =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;

/** The page's newest `limit` after `offset` of the collections' saves meeting `matching` (a condition on `g`). */
const newestCte = (ids: number[], limit: number, offset: number, matching: SQL = sql`true`): SQL => sql`page AS (
    SELECT n.id, n.created_at FROM unnest(${idArray(ids)}) AS cid(id)
    CROSS JOIN LATERAL (
      SELECT g.id, g.created_at FROM gems g
      WHERE g.collection_id = cid.id AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}
        AND ${matching}
      ORDER BY g.created_at DESC NULLS LAST, g.id DESC NULLS LAST LIMIT ${offset + limit}) n
    ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset})`;

const totalSql = (ownerId: number, ids: number[]): SQL => sql`(
    (SELECT coalesce(sum(c.gems_count), 0) FROM collections c WHERE c.id = ANY(${idArray(ids)}))
    - (SELECT count(*) FROM gems g WHERE g.owner_id = ${ownerId} AND g.collection_id = ANY(${idArray(ids)})
      AND g.media_type IN ${NOT_SAVE_MEDIA_TYPES} AND g.deleted_at IS NULL))`;

const toHits = (rows: Record<string, unknown>[], ownerId: number): SearchHit[] =>
  rows.map((raw) => ({ ...gemFromRaw(raw, ownerId), snippet: [], rank: 0 }));

/** The newest saves of the collections `ids` (all the owner's), without a total: the feeds. */
export async function newestGems(db: Db, ownerId: number, ids: number[], limit: number): Promise<SearchHit[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`WITH ${newestCte(ids, limit, 0)}
    SELECT ${gemSelectSql} FROM page JOIN gems g ON g.id = page.id ${gemAuthorJoinSql}
    ORDER BY g.created_at DESC, g.id DESC`,
  );
  return toHits(rows, ownerId);
}

/** A page of the newest saves of the collections `ids` and their total: one statement (two past the last page). */
export async function newestPage(
  db: Db,
  ownerId: number,
  ids: number[],
  { page, perPage }: { page: number; perPage: number },
): Promise<{ hits: SearchHit[]; total: number }> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`WITH ${newestCte(ids, perPage, (page - 1) * perPage)}
    SELECT ${gemSelectSql}, ${totalSql(ownerId, ids)} AS page_total
    FROM page JOIN gems g ON g.id = page.id ${gemAuthorJoinSql}
    ORDER BY g.created_at DESC, g.id DESC`,
  );
  if (rows.length) return { hits: toHits(rows, ownerId), total: Number(rows[0]?.page_total) };
  const [row] = await selectRows<{ n: number | string }>(db, sql`SELECT ${totalSql(ownerId, ids)} AS n`);
  return { hits: [], total: Number(row?.n ?? 0) };
}

/**
 * Read in index order, a page costs about (its end) × (the collections' gems) / (the matches) rows checked: cheap
 * for a frequent tag's first pages, more than the matches themselves for a rare one's later pages. Above this many
 * rows the matches are found by their own indexes and sorted instead.
 */
const INDEX_ORDER_ROWS = 3_000;

/** All the matches of `matching` in the collections, sorted: the page when reading in index order would cost more. */
const sortedCte = (ids: number[], limit: number, offset: number, matching: SQL): SQL => sql`page AS (
    SELECT g.id, g.created_at FROM gems g
    WHERE g.collection_id = ANY(${idArray(ids)}) AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}
      AND ${matching}
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${limit} OFFSET ${offset})`;

/**
 * A page of the newest saves of the collections `ids` that a search without free words matches (a tag filter, `type:`,
 * …: `compiled`, newest first as it sorts them), with no `count(*) OVER ()` over every match: the total is
 * `knownTotal` when the caller has it (the page's tag counts), else counted. Read in index order (as newestPage) when
 * that checks few rows (INDEX_ORDER_ROWS), else sorted.
 */
export async function newestMatchingPage(
  db: Db,
  ownerId: number,
  ids: number[],
  compiled: CompiledSearch,
  { page, perPage }: { page: number; perPage: number },
  knownTotal: number | null,
): Promise<{ hits: SearchHit[]; total: number }> {
  const [counts] = await selectRows<{ total: number | string; gems: number | string }>(
    db,
    knownTotal === null
      ? sql`${withClause(compiled)} SELECT count(*) AS total,
          (SELECT coalesce(sum(c.gems_count), 0) FROM collections c WHERE c.id = ANY(${idArray(ids)})) AS gems
        FROM gems g WHERE g.collection_id = ANY(${idArray(ids)}) AND ${compiled.where}`
      : sql`SELECT ${knownTotal}::int AS total, coalesce(sum(c.gems_count), 0) AS gems
        FROM collections c WHERE c.id = ANY(${idArray(ids)})`,
  );
  const total = Number(counts?.total ?? 0);
  const offset = (page - 1) * perPage;
  const indexOrder = ((offset + perPage) * Number(counts?.gems ?? 0)) / total <= INDEX_ORDER_ROWS;
  const pageCte = (indexOrder ? newestCte : sortedCte)(ids, perPage, offset, compiled.where);
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`${withClause(compiled, [pageCte])}
    SELECT ${gemSelectSql} FROM page JOIN gems g ON g.id = page.id ${gemAuthorJoinSql}
    ORDER BY g.created_at DESC, g.id DESC`,
  );
  return { hits: toHits(rows, ownerId), total };
}
