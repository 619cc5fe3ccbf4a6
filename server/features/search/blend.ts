/**
 * The library's search blended with search by meaning (server/features/embeddings/), when the user has an embedding
 * model and the search ranks by relevance: every gem the words match keeps its word rank, the gems nearest in meaning
 * (among those the query's other conditions allow: tags, types, dates, the collection, and never another user's gem
 * the one rule does not let them read) get a meaning rank, and the page is ordered by their reciprocal rank fusion. A
 * gem near in meaning that matches no word is found too. One statement, as the words-only search.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { QueryNode, SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { RRF_K } from '../embeddings/fusion';
import { distanceSql, type Meaning, meaningOf, modelVectorsSql } from '../embeddings/meaning';
import { type CompileOptions, compileSearch, withClause } from './compile';
import { gemAuthorJoinSql, gemSelectSql } from './gem-rows';

/** The gems nearest in meaning that take part (the word matches all do)… */
const MEANING_CANDIDATES = 50;
/** …found among this many nearest passages per gem wanted (a gem has several passages). */
const PASSAGES_PER_CANDIDATE = 4;
/**
 * …if their cosine similarity to the search is at least this share of the nearest gem's: every gem has a nearest
 * neighbour, and a library search lists what it finds, so those with little in common are left out. A share rather than
 * a fixed similarity, since models spread their similarities differently.
 */
const MEANING_SHARE = 0.75;

/** The query without its free words and phrases: the conditions a gem found by meaning must still meet. */
export function withoutFreeText(node: QueryNode | null): QueryNode | null {
  if (!node) return null;
  switch (node.kind) {
    case 'word':
    case 'phrase':
      return null;
    case 'and': {
      const children = node.children.map(withoutFreeText).filter((child): child is QueryNode => child !== null);
      return children.length ? { kind: 'and', children } : null;
    }
    case 'or': {
      const children = node.children.map(withoutFreeText);
      return children.every((child) => child !== null) ? { kind: 'or', children: children as QueryNode[] } : null;
    }
    default:
      // a NOT keeps its words: a gem with a word the user excluded stays out
      return node;
  }
}

/** The query's free words and phrases (not those excluded), as the text to embed. */
export function freeText(node: QueryNode | null): string {
  if (!node) return '';
  switch (node.kind) {
    case 'word':
    case 'phrase':
      return node.text;
    case 'and':
    case 'or':
      return node.children.map(freeText).filter(Boolean).join(' ');
    default:
      return '';
  }
}

/** The query's meaning when it is to be blended: free words, ranked by relevance (the default with words), a model. */
export async function searchMeaning(db: Db, ai: Deps['ai'], userId: number, query: SearchQuery) {
  const sort = query.sort ?? { key: 'relevance', dir: 'desc' };
  if (sort.key !== 'relevance' || sort.dir !== 'desc') return null;
  const text = freeText(query.root).trim();
  return text ? meaningOf(db, ai, userId, text) : null;
}

/** The blended search's common part: the word ranks, the meaning ranks, and `fused` (id, rank, word rank). */
function blendedParts(userId: number, query: SearchQuery, meaning: Meaning, options: CompileOptions) {
  const words = compileSearch(query, userId, { ...options, paths: true });
  const others = compileSearch({ root: withoutFreeText(query.root) }, userId, { ...options, paths: true });
  const k = sql.raw(String(RRF_K));
  const ctes = [
    sql`word AS MATERIALIZED (SELECT g.id, rank() OVER (ORDER BY ${words.rank} DESC) AS r FROM gems g WHERE ${words.where})`,
    // the nearest passages first, through the dimension's index (embeddings/vector-index.ts), then their gems
    sql`nearest AS MATERIALIZED (SELECT v.gem_id AS id, ${distanceSql(meaning)} AS d
      FROM gem_passage_vectors v JOIN gems g ON g.id = v.gem_id
      WHERE ${modelVectorsSql(meaning)} AND ${others.where}
      ORDER BY ${distanceSql(meaning)} LIMIT ${MEANING_CANDIDATES * PASSAGES_PER_CANDIDATE})`,
    sql`near AS (SELECT id, min(d) AS d FROM nearest GROUP BY id ORDER BY d LIMIT ${MEANING_CANDIDATES})`,
    sql`meaning AS (SELECT id, rank() OVER (ORDER BY d) AS r FROM near
      WHERE 1 - d > 0 AND 1 - d >= ${MEANING_SHARE} * (SELECT 1 - min(d) FROM near))`,
    // a gem missing from a ranking ranks after everything in it
    sql`fused AS (SELECT coalesce(w.id, m.id) AS id, coalesce(w.r, (SELECT count(*) FROM word) + 1) AS wr,
        1.0 / (${k} + coalesce(w.r, (SELECT count(*) FROM word) + 1))
          + 1.0 / (${k} + coalesce(m.r, (SELECT count(*) FROM meaning) + 1)) AS rank
      FROM word w FULL JOIN meaning m ON m.id = w.id)`,
  ];
  return { words, ctes };
}

/** A page of the blended search: the same columns as searchStatement (search.ts), ordered by the fused rank. */
export function blendedSearchStatement(
  userId: number,
  query: SearchQuery,
  { page, perPage }: { page: number; perPage: number },
  meaning: Meaning,
  options: CompileOptions,
): SQL {
  const { words, ctes } = blendedParts(userId, query, meaning, options);
  const order = sql`page.rank DESC, page.wr, g.created_at DESC, g.id DESC`;
  const pageCte = sql`page AS (SELECT f.id, f.rank, f.wr, count(*) OVER () AS total FROM fused f JOIN gems g ON g.id = f.id
    ORDER BY f.rank DESC, f.wr, g.created_at DESC, g.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage})`;
  return sql`${withClause(words, [...ctes, pageCte])}
    SELECT ${gemSelectSql}, page.rank, page.total, ${words.headline} AS headline
    FROM page JOIN gems g ON g.id = page.id ${gemAuthorJoinSql}
    ORDER BY ${order}`;
}

/** How many gems the blended search finds (for a page past the last). */
export function blendedCountStatement(
  userId: number,
  query: SearchQuery,
  meaning: Meaning,
  options: CompileOptions,
): SQL {
  const { words, ctes } = blendedParts(userId, query, meaning, options);
  return sql`${withClause(words, ctes)} SELECT count(*) AS n FROM fused`;
}
