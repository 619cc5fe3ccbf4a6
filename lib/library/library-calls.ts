import type { BulkJobBody } from '../api/bulk-contract';
import type { ApiClient } from '../api/client';
import type { UpdateGemInput } from '../api/contract';
import type { PublicSettingsInput } from '../api/public-collection-contract';
import { bulkApi } from '../api/routes/bulk';
import { collectionApi, collectionTreeApi } from '../api/routes/collections';
import { duplicatesApi } from '../api/routes/duplicates';
import { followingApi } from '../api/routes/following';
import { gemApi, gemEditApi } from '../api/routes/gems';
import { importsApi } from '../api/routes/imports';
import { linkApi } from '../api/routes/links';
import { mediaLookupApi } from '../api/routes/media-lookup';
import { publicCollectionApi } from '../api/routes/public-collections';
import { tagTreeApi } from '../api/routes/tags';
import { trashApi } from '../api/routes/trash';
import { writingCalls } from '../writing/writing-api';
import { createAccessEventsApi } from './access-events-api';
import { createCustomSiteApi } from './custom-site-api';
import { createDocumentsApi } from './documents-api';
import { createModerationApi } from './moderation-api';
import { LIBRARY_PAGE_SIZE } from './paging';
import { createShareLinksApi } from './share-links-api';
import { createSharingApi } from './sharing-api';
import { createStudyApi } from './study-api';

/** Where a deleted collection's gems go: Unfiltered, the trash, or another collection. */
export type CollectionGemsFate = { gems: 'unfiltered' | 'trash' } | { gems: 'move'; to: number };

/**
 * The library's calls made after its first screen (editing, moving, sharing, the other views): loaded on the first
 * of them, so the route definitions they need are not evaluated before the first rows (lib/library/library-api.ts).
 */
export function createLibraryCalls(client: ApiClient) {
  return {
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
    bulkJobs: async () => (await client.call(bulkApi.list)).data,
    /** The user's recent imports, and one import's progress (and, once ended, its report). */
    recentImports: async () => (await client.call(importsApi.list)).data,
    importJob: async (id: number) => (await client.call(importsApi.get, { params: { id } })).data,
    /** Books and films: what this server can look up, the matches of a title, and one match's details. */
    mediaSources: async () => (await client.call(mediaLookupApi.sources)).data,
    books: async (name: string) => (await client.call(mediaLookupApi.bookList, { query: { name } })).data,
    films: async (name: string) => (await client.call(mediaLookupApi.movieList, { query: { name } })).data,
    book: async (bookId: string) => (await client.call(mediaLookupApi.bookDetails, { query: { bookId } })).data,
    film: async (imdbId: string) => (await client.call(mediaLookupApi.movieDetails, { query: { imdbId } })).data,
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
