import { type SQL, sql } from 'drizzle-orm';
import type { SearchHit } from '../../../lib/api/search-contract';
import type { QueryNode, SearchQuery } from '../../../lib/search/ast';
import { andOf } from '../../../lib/search/normalise';
import { parseSearch } from '../../../lib/search/parse';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { matchedSql, withClause } from '../search/compile';
import { compileSearchFor } from '../search/compile-for';
import { upAncestors } from '../search/paths';
import { searchGems } from '../search/search';
import { newestGems, newestMatchingPage, newestPage } from './newest-gems';
import { nodeGemsCondition, type PublicCollection, type PublicNode, subtreeIds } from './public-collection';
import { recentCache } from './recent-cache';

/** What one public page lists: a page of gems by the library's own search (lib/search), and the tags with counts. */

export const PUBLIC_PAGE_SIZE = 20;
/** Longer searches are cut: a visitor's query never costs more than a short one. */
const MAX_QUERY = 300;
/** Beyond this page a public page answers its last one's emptiness rather than a deep OFFSET. */
const MAX_PAGE = 500;

/** A tag of the page's gems: its path and how many of them it or one of its sub-tags is on. */
export interface TagCount {
  path: string;
  count: number;
}

/**
 * A page's tag counts read every gem of its collection (a quarter of the library, at worst): they are kept a minute
 * per page and query, as long as the page's own Cache-Control lets a browser keep the page.
 */
const cachedTagCounts = recentCache<TagCount[]>(60_000, 1000);

/** The tag filter lists this many tags, the most used first. */
const TAG_LIMIT = 30;

/**
 * The tags of the gems the query matches on this page, each with its sub-tags' gems counted once (what `tag:` then
 * finds). One statement; the library's searchFacets also counts types, collections and sites, which the page needs not.
 */
async function tagCounts(db: Db, ownerId: number, query: SearchQuery, scope: SQL[]): Promise<TagCount[]> {
  const c = await compileSearchFor(db, query, ownerId, { extra: scope, paths: true });
  const rows = await selectRows<{ path: string; n: number | string }>(
    db,
    sql`${withClause(c, [sql`matched AS MATERIALIZED (${matchedSql(c)})`])}
    SELECT min(a.display) AS path, count(DISTINCT m.id) AS n
    FROM matched m JOIN gem_tags gt ON gt.gem_id = m.id JOIN (${upAncestors('tag_paths')}) ON p.id = gt.tag_id
    GROUP BY a.path ORDER BY n DESC, a.path LIMIT ${TAG_LIMIT}`,
  );
  return rows.map((r) => ({ path: r.path, count: Number(r.n) }));
}

export interface PageRequest {
  q: string;
  tag: string;
  page: number;
}

export interface PageData {
  hits: SearchHit[];
  total: number;
  tags: TagCount[];
  /** What the parser said about `q` when it could not read it (the page then lists everything). */
  queryError: string | null;
}

/** Favourites are the owner's own marks, never shown to visitors: `is:fav` is refused (null: the query is fine). */
function refusedOnPublicPages(node: QueryNode | null): string | null {
  if (!node) return null;
  if (node.kind === 'is' && node.value === 'fav') return 'is:fav is not available on public pages';
  if (node.kind === 'not') return refusedOnPublicPages(node.child);
  if (node.kind === 'and' || node.kind === 'or')
    return node.children.map(refusedOnPublicPages).find((m) => m !== null) ?? null;
  return null;
}

/** The page's request from its query string, every value bounded. */
export function pageRequest(query: { q?: string; tag?: string; page?: string }): PageRequest {
  const page = Number.parseInt(query.page ?? '1', 10);
  return {
    q: (query.q ?? '').slice(0, MAX_QUERY).trim(),
    tag: (query.tag ?? '').slice(0, MAX_QUERY).trim(),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export async function loadPage(
  db: Db,
  collection: PublicCollection,
  node: PublicNode,
  request: PageRequest,
): Promise<PageData> {
  const cacheKey = `${collection.id}:${collection.updatedAt.getTime()}:${node.id}`;
  return loadScopedPage(db, collection.ownerId, [nodeGemsCondition(node)], cacheKey, request, subtreeIds(node));
}

/**
 * A page of the owner's gems within `scope` (conditions on `g`), searched and filtered by the request; also what a
 * share link's page lists (server/features/share-links/). `cacheKey` names the scope for the tag counts' cache;
 * `collectionIds`, when the scope is exactly those collections' gems, lets a page nothing narrows be read by index.
 */
export async function loadScopedPage(
  db: Db,
  ownerId: number,
  scope: SQL[],
  cacheKey: string,
  request: PageRequest,
  collectionIds?: number[],
): Promise<PageData> {
  const parsed = parseSearch(request.q);
  const refused = parsed.ok ? refusedOnPublicPages(parsed.query.root) : parsed.error.message;
  const query = parsed.ok && !refused ? parsed.query : { root: null };
  const tagNode = request.tag ? { kind: 'tag' as const, path: request.tag.toLowerCase() } : null;
  const filtered = { ...query, root: andOf([query.root, tagNode].filter((n) => n !== null)) };
  const paging = { page: request.page, perPage: PUBLIC_PAGE_SIZE };
  const tags = await cachedTagCounts(`${cacheKey}:${request.q}`, () => tagCounts(db, ownerId, query, scope));
  const compiled = await compileSearchFor(db, filtered, ownerId);
  const newestFirst = compiled.sort.key === 'added' && compiled.sort.dir === 'desc';
  // No free words, newest first: the page is read in index order (newest-gems.ts), not by the library's search, which
  // finds, counts and sorts every match first. With nothing to narrow it, the total is the collections' kept counts;
  // with a tag filter alone, that tag's count beside the page (the same query and scope).
  const { hits, total } =
    collectionIds && newestFirst && compiled.textQuery === null
      ? filtered.root === null
        ? await newestPage(db, ownerId, collectionIds, paging)
        : await newestMatchingPage(db, ownerId, collectionIds, compiled, paging, tagCountOf(tags, request.tag))
      : await searchGems(db, ownerId, filtered, paging, scope);
  return { hits, total, tags, queryError: refused };
}

/**
 * The count beside the page of the tag filter `tag` (a tag's path, or its last parts: what `tag:` matches), or null
 * when the page does not list it (not among the most used) or the filter could name more than one path.
 */
function tagCountOf(tags: TagCount[], tag: string): number | null {
  const wanted = tag
    .toLowerCase()
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');
  if (!wanted) return null;
  const named = tags.filter((t) => `/${t.path.toLowerCase()}`.endsWith(`/${wanted}`));
  return named.length === 1 ? (named[0] as TagCount).count : null;
}

/** The newest gems of the whole published collection, for its feeds. */
export const loadFeed = (db: Db, collection: PublicCollection): Promise<SearchHit[]> =>
  newestGems(db, collection.ownerId, subtreeIds(collection.tree), PUBLIC_PAGE_SIZE);
