import { apiClient } from '../api/client';
import { collectionApi, collectionTreeApi } from '../api/routes/collections';
import { searchApi } from '../api/routes/search';
import { tagApi } from '../api/routes/tags';
import { trashApi } from '../api/routes/trash';
import { type AccessSource, panelTransport } from '../chat/panel-transport';
import { lazyCalls } from '../lazy-calls';
import { type EarlyAnswers, withEarlyAnswers } from './early-answers';
import { type GemPage, LIBRARY_PAGE_SIZE } from './paging';
import type { LibrarySource } from './sources';
import type { LibrarySort } from './view-prefs';

export type { CollectionGemsFate } from './library-calls';
export { LIBRARY_PAGE_SIZE };

/** A collection or tag shared with the user, listed by id (its path is the owner's, not the user's). */
const sharedScope = (source: LibrarySource) =>
  source.kind === 'sharedCollection'
    ? { collectionId: source.id }
    : source.kind === 'sharedTag'
      ? { tagId: source.id }
      : {};

export interface GemsRequest {
  page: number;
  perPage?: number;
  /** Null: the query's own `sort:` (or relevance with words, newest without). */
  sort: LibrarySort | null;
  /** The search text that stands for the source (source-query.ts), when it has one. */
  q: string | null;
}

/**
 * The library page's calls to the server. Like the side panel, the page calls the server itself with a short-lived
 * token the background lends (lib/chat/panel-transport.ts): a page of 50 gems with their text would be copied
 * through the service worker's messages otherwise. `early`: answers to requests the page's first script started.
 * Here are the calls of its first screen; the others load with their first call (library-calls.ts).
 */
export function createLibraryApi(access: AccessSource, early?: EarlyAnswers) {
  const transport = panelTransport(access);
  const client = apiClient(early ? withEarlyAnswers(transport, early) : transport);

  /** A page of a search: `q` in the query language, or a saved search; `sort` null keeps the query's own. */
  const searchPage = async (
    search: { q: string; userQueryId?: number; collectionId?: number; tagId?: number },
    page: number,
    perPage: number,
    sort: LibrarySort | null,
  ): Promise<GemPage> => {
    const order = sort ? { sortby: sort.key, orderby: sort.dir } : {};
    const list = await client.call(searchApi.filterSearch, { query: { ...search, page, perPage, ...order } });
    return { items: list.data, page, total: list.total, hasMore: page * perPage < list.total };
  };

  const firstScreen = {
    client,
    collections: async () => (await client.call(collectionApi.list)).data,
    tags: async () => (await client.call(tagApi.list)).data,
    /** Each collection's gems, alone and with its sub-collections' (what clicking it shows). */
    collectionCounts: async () => (await client.call(collectionTreeApi.counts)).data,
    /** A page of the gems `source` shows. */
    gems: async (
      source: LibrarySource,
      { page, perPage = LIBRARY_PAGE_SIZE, sort, q }: GemsRequest,
    ): Promise<GemPage> => {
      if (source.kind === 'trash') {
        const list = await client.call(trashApi.list, { query: { page, perPage } });
        return { items: list.data, page, total: list.total, hasMore: page * perPage < list.total };
      }
      if (source.kind === 'saved') return searchPage({ q: '', userQueryId: source.id }, page, perPage, sort);
      if (source.kind === 'sharedCollection' || source.kind === 'sharedTag')
        return searchPage({ q: q ?? '', ...sharedScope(source) }, page, perPage, sort);
      return searchPage({ q: q ?? '' }, page, perPage, sort);
    },
    /** Counts by type, tag, collection and site for the query `q` (or the saved search). */
    facets: async (source: LibrarySource, q: string) =>
      client.call(searchApi.facets, {
        query:
          source.kind === 'saved'
            ? { q: '', userQueryId: source.id }
            : source.kind === 'sharedCollection' || source.kind === 'sharedTag'
              ? { q, ...sharedScope(source) }
              : { q },
      }),
    savedSearches: async () => (await client.call(searchApi.listSaved)).data,
    saveSearch: async (name: string, query: string) =>
      (await client.call(searchApi.createSaved, { body: { data: { name, query } } })).data,
    deleteSavedSearch: async (id: number) => (await client.call(searchApi.deleteSaved, { params: { id } })).data,
  };
  return lazyCalls(firstScreen, () =>
    import('./library-calls').then(({ createLibraryCalls }) => createLibraryCalls(client)),
  );
}

export type LibraryApi = ReturnType<typeof createLibraryApi>;
