import type { SearchFacets, SearchHit } from '../../../lib/api/search-contract';
import { andOf } from '../../../lib/search/normalise';
import { parseSearch } from '../../../lib/search/parse';
import type { Db } from '../../db/client';
import { searchFacets, searchGems } from '../search/search';
import { nodeGemsCondition, type PublicCollection, type PublicNode } from './public-collection';

/** What one public page lists: a page of gems by the library's own search (lib/search), and the tags with counts. */

export const PUBLIC_PAGE_SIZE = 20;
/** Longer searches are cut: a visitor's query never costs more than a short one. */
const MAX_QUERY = 300;
/** Beyond this page a public page answers its last one's emptiness rather than a deep OFFSET. */
const MAX_PAGE = 500;

export interface PageRequest {
  q: string;
  tag: string;
  page: number;
}

export interface PageData {
  hits: SearchHit[];
  total: number;
  tags: SearchFacets['data']['tags'];
  /** What the parser said about `q` when it could not read it (the page then lists everything). */
  queryError: string | null;
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
  const parsed = parseSearch(request.q);
  const query = parsed.ok ? parsed.query : { root: null };
  const tagNode = request.tag ? { kind: 'tag' as const, path: request.tag.toLowerCase() } : null;
  const filtered = { ...query, root: andOf([query.root, tagNode].filter((n) => n !== null)) };
  const scope = [nodeGemsCondition(node)];
  const [{ hits, total }, { facets }] = await Promise.all([
    searchGems(db, collection.ownerId, filtered, { page: request.page, perPage: PUBLIC_PAGE_SIZE }, scope),
    searchFacets(db, collection.ownerId, query, scope),
  ]);
  return { hits, total, tags: facets.tags, queryError: parsed.ok ? null : parsed.error.message };
}

/** The newest gems of the whole published collection, for its feeds. */
export async function loadFeed(db: Db, collection: PublicCollection): Promise<SearchHit[]> {
  const { hits } = await searchGems(
    db,
    collection.ownerId,
    { root: null, sort: { key: 'added', dir: 'desc' } },
    { page: 1, perPage: PUBLIC_PAGE_SIZE },
    [nodeGemsCondition(collection.tree)],
  );
  return hits;
}
