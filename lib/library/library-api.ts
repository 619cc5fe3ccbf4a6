import type { BulkJobBody } from '../api/bulk-contract';
import { apiClient } from '../api/client';
import type { UpdateGemInput } from '../api/contract';
import type { PublicSettingsInput } from '../api/public-collection-contract';
import { bulkApi } from '../api/routes/bulk';
import { collectionApi, collectionTreeApi } from '../api/routes/collections';
import { duplicatesApi } from '../api/routes/duplicates';
import { followingApi } from '../api/routes/following';
import { gemApi, gemEditApi } from '../api/routes/gems';
import { linkApi } from '../api/routes/links';
import { publicCollectionApi } from '../api/routes/public-collections';
import { searchApi } from '../api/routes/search';
import { tagApi, tagTreeApi } from '../api/routes/tags';
import { trashApi } from '../api/routes/trash';
import { type AccessSource, panelTransport } from '../chat/panel-transport';
import { writingCalls } from '../writing/writing-api';
import { createAccessEventsApi } from './access-events-api';
import { createCustomSiteApi } from './custom-site-api';
import { createDocumentsApi } from './documents-api';
import { type EarlyAnswers, withEarlyAnswers } from './early-answers';
import { createModerationApi } from './moderation-api';
import { type GemPage, LIBRARY_PAGE_SIZE } from './paging';
import { createShareLinksApi } from './share-links-api';
import { createSharingApi } from './sharing-api';
import type { LibrarySource } from './sources';
import { createStudyApi } from './study-api';
import type { LibrarySort } from './view-prefs';

export { LIBRARY_PAGE_SIZE };

/** A collection or tag shared with the user, listed by id (its path is the owner's, not the user's). */
const sharedScope = (source: LibrarySource) =>
  source.kind === 'sharedCollection'
    ? { collectionId: source.id }
    : source.kind === 'sharedTag'
      ? { tagId: source.id }
      : {};

/** Where a deleted collection's gems go: Unfiltered, the trash, or another collection. */
export type CollectionGemsFate = { gems: 'unfiltered' | 'trash' } | { gems: 'move'; to: number };

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

  return {
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
    gem: async (id: number) => (await client.call(gemApi.get, { params: { id } })).data,
    updateGem: async (id: number, gem: UpdateGemInput) =>
      (await client.call(gemApi.update, { params: { id }, body: { data: gem } })).data,
    deleteGem: async (id: number) => (await client.call(gemApi.delete, { params: { id } })).data,
    createCollection: async (name: string, parentId: number | null) =>
      (await client.call(collectionApi.create, { body: { data: { name, parentId } } })).data,
    renameCollection: async (id: number, name: string) =>
      (await client.call(collectionApi.update, { params: { id }, body: { data: { name } } })).data,
    /** Deletes a collection; its gems (and its sub-collections') go where `fate` says. */
    deleteCollection: async (id: number, fate: CollectionGemsFate) =>
      (await client.call(collectionApi.delete, { params: { id }, query: fate })).data,
    trashGem: async (id: number) => (await client.call(gemApi.delete, { params: { id } })).data,
    restoreGems: async (ids: number[]) => (await client.call(trashApi.restore, { body: { ids } })).data,
    emptyTrash: async () => (await client.call(trashApi.empty)).data,
    // The Duplicates view: groups of gems saved at one page, and merging one into a gem.
    duplicates: async (page: number, perPage: number) => client.call(duplicatesApi.list, { query: { page, perPage } }),
    mergeDuplicates: async (ids: number[], keepId: number) =>
      (await client.call(duplicatesApi.merge, { body: { ids, keepId } })).data,
    // Moving things (MovePicker, cut/paste, drag and drop): the tree routes, the manual order and bulk jobs.
    moveCollection: async (id: number, dest: number | null) =>
      (dest === null
        ? await client.call(collectionTreeApi.moveToRoot, { params: { id } })
        : await client.call(collectionTreeApi.move, { params: { id, dest } })
      ).data,
    copyCollection: async (id: number) => (await client.call(collectionTreeApi.copy, { params: { id } })).data,
    moveTag: async (id: number, parentId: number | null) =>
      (await client.call(tagTreeApi.update, { params: { id }, body: { data: { parentId } } })).data,
    placeGem: async (id: number, to: { before: number } | { after: number }) =>
      (await client.call(gemEditApi.position, { params: { id }, body: to })).data,
    bulk: async (body: BulkJobBody) => (await client.call(bulkApi.create, { body })).data,
    undoBulk: async (id: number) => (await client.call(bulkApi.undo, { params: { id } })).data,
    linkCheck: async (id: number) => (await client.call(linkApi.get, { params: { id } })).data,
    checkLinks: async (gemIds: number[]) => (await client.call(linkApi.checkNow, { body: { gemIds } })).data,
    sharing: createSharingApi(client),
    study: createStudyApi(client),
    /** A document's text kept on a gem, and a gem's text cleaned up by the user's model. */
    documents: createDocumentsApi(client),
    accessEvents: createAccessEventsApi(client),
    /** Brand voices, agents and prompts (the Writing view), as the side panel writes them. */
    writing: writingCalls(client),
    /** A collection's public page: whether it is published, its address and SEO settings. */
    publicSettings: async (id: number) => (await client.call(publicCollectionApi.get, { params: { id } })).data,
    savePublicSettings: async (id: number, data: PublicSettingsInput) =>
      (await client.call(publicCollectionApi.update, { params: { id }, body: { data } })).data,
    /** Its custom site: a subdirectory of the server and a domain of its own. */
    customSites: createCustomSiteApi(client),
    /** Following public collections: the followed ones with their new counts, their gems, follow and unfollow. */
    followed: async () => await client.call(followingApi.followed),
    followingGems: async (page: number, perPage = LIBRARY_PAGE_SIZE) =>
      await client.call(followingApi.gems, { query: { page, perPage } }),
    follow: async (address: string) =>
      (await client.call(followingApi.follow, { body: { data: { hierarchyLevel: 'collection', address } } })).data,
    unfollow: async (collectionId: number) =>
      (await client.call(followingApi.unfollow, { body: { data: { hierarchyLevel: 'collection', collectionId } } }))
        .data,
    markFollowingSeen: async () => (await client.call(followingApi.seen)).data,
    shareLinks: createShareLinksApi(client),
    moderation: createModerationApi(client),
  };
}

export type LibraryApi = ReturnType<typeof createLibraryApi>;
