import type { ApiClient } from '../api/client';
import { searchApi } from '../api/routes/search';
import { sharingApi } from '../api/routes/sharing';

/**
 * The Bookmark attachment panel's calls about collections shared with the user, in a module of their own: the side
 * panel loads it (and the search and sharing routes' schemas) only when the panel opens, not at its own opening.
 */
export function sharedBookmarkCalls(client: ApiClient, pageSize: number) {
  return {
    /** The collections others shared with the user (accepted). */
    sharedCollections: async () => (await client.call(sharingApi.sharedWithMe)).data.collections,
    /**
     * A page of the gems the user may read in a collection shared with them, its sub-collections' too, newest first,
     * in collectionGems' shape (the collection's own list is its owner's: its readers list it through the search).
     */
    sharedCollectionGems: async (collectionId: number, page: number) => {
      const found = await client.call(searchApi.filterSearch, {
        query: { collectionId, page, perPage: pageSize, sortby: 'added', orderby: 'desc' },
      });
      return { bookmarks: found.data, page, hasMore: page * pageSize < found.total };
    },
  };
}
