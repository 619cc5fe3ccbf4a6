import { apiClient } from '../api/client';
import type { UpdateGemInput } from '../api/contract';
import { collectionApi } from '../api/routes/collections';
import { gemApi } from '../api/routes/gems';
import { searchApi } from '../api/routes/search';
import { tagApi } from '../api/routes/tags';
import { trashApi } from '../api/routes/trash';
import { type AccessSource, panelTransport } from '../chat/panel-transport';
import type { GemPage } from './paging';
import type { LibrarySource } from './sources';
import type { LibrarySort } from './view-prefs';

export const LIBRARY_PAGE_SIZE = 50;

export interface GemsRequest {
  page: number;
  perPage?: number;
  sort: LibrarySort;
  unfilteredId: number | null;
  /** The search text that stands for the source (source-query.ts), when it has one. */
  q: string | null;
}

/**
 * The library page's calls to the server. Like the side panel, the page calls the server itself with a short-lived
 * token the background lends (lib/chat/panel-transport.ts): a page of 50 gems with their text would be copied
 * through the service worker's messages otherwise.
 */
export function createLibraryApi(access: AccessSource) {
  const client = apiClient(panelTransport(access));

  const collectionPage = async (id: number, page: number, perPage: number, sort: LibrarySort): Promise<GemPage> => {
    const sortBy = sort.key === 'title' || sort.key === 'manual' ? sort.key : sort.dir === 'asc' ? 'oldest' : 'newest';
    const { data } = await client.call(collectionApi.bookmarks, { params: { id }, query: { page, perPage, sortBy } });
    return { items: data.bookmarks, page, total: null, hasMore: data.hasMore };
  };

  /** A page of a search: `q` in the query language, or a saved search. */
  const searchPage = async (
    search: { q: string; userQueryId?: number },
    page: number,
    perPage: number,
    sort: LibrarySort,
  ): Promise<GemPage> => {
    const list = await client.call(searchApi.filterSearch, {
      query: { ...search, page, perPage, sortby: sort.key, orderby: sort.dir },
    });
    return { items: list.data, page, total: list.total, hasMore: page * perPage < list.total };
  };

  return {
    client,
    collections: async () => (await client.call(collectionApi.list)).data,
    tags: async () => (await client.call(tagApi.list)).data,
    /** A page of the gems `source` shows. */
    gems: async (
      source: LibrarySource,
      { page, perPage = LIBRARY_PAGE_SIZE, sort, unfilteredId, q }: GemsRequest,
    ): Promise<GemPage> => {
      if (source.kind === 'collection') return collectionPage(source.id, page, perPage, sort);
      if (source.kind === 'unfiltered' && unfilteredId !== null)
        return collectionPage(unfilteredId, page, perPage, sort);
      if (source.kind === 'trash') {
        const list = await client.call(trashApi.list, { query: { page, perPage } });
        return { items: list.data, page, total: list.total, hasMore: page * perPage < list.total };
      }
      if (source.kind === 'saved') return searchPage({ q: '', userQueryId: source.id }, page, perPage, sort);
      if (source.kind !== 'all' && q !== null) return searchPage({ q }, page, perPage, sort);
      const list = await client.call(gemApi.library, { query: { page, perPage } });
      return { items: list.data, page, total: list.total, hasMore: page * perPage < list.total };
    },
    gem: async (id: number) => (await client.call(gemApi.get, { params: { id } })).data,
    updateGem: async (id: number, gem: UpdateGemInput) =>
      (await client.call(gemApi.update, { params: { id }, body: { data: gem } })).data,
    deleteGem: async (id: number) => (await client.call(gemApi.delete, { params: { id } })).data,
    createCollection: async (name: string, parentId: number | null) =>
      (await client.call(collectionApi.create, { body: { data: { name, parentId } } })).data,
    renameCollection: async (id: number, name: string) =>
      (await client.call(collectionApi.update, { params: { id }, body: { data: { name } } })).data,
    deleteCollection: async (id: number) => (await client.call(collectionApi.delete, { params: { id } })).data,
  };
}

export type LibraryApi = ReturnType<typeof createLibraryApi>;
