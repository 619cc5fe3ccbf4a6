import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';
import { SHOWS_LIBRARY } from '../../app/share-query-changes';

/** The gems of each collection the Bookmark panel expands, and the collections shared with the user. */
export const bookmarkKeys = {
  all: ['collection-gems'] as const,
  collectionGems: (collectionId: number) => [...bookmarkKeys.all, collectionId] as const,
  sharedGems: (collectionId: number) => [...bookmarkKeys.all, 'shared', collectionId] as const,
  shared: ['shared-collections'] as const,
};

/** A page of a collection's gems as the panel shows them. */
interface GemsPage {
  bookmarks: { id: number; title: string; url: string }[];
  page: number;
  hasMore: boolean;
}

/**
 * A collection's gems, a page at a time (Load More), for the Bookmark attachment panel: the user's own collection's,
 * or (`shared`) the gems they may read in one shared with them.
 */
export const collectionGemsQuery = (api: ChatApi, collectionId: number, shared = false) =>
  infiniteQueryOptions({
    queryKey: shared ? bookmarkKeys.sharedGems(collectionId) : bookmarkKeys.collectionGems(collectionId),
    queryFn: async ({ pageParam }): Promise<GemsPage> => {
      const { bookmarks, page, hasMore } = await (shared ? api.sharedCollectionGems : api.collectionGems)(
        collectionId,
        pageParam,
      );
      return { bookmarks, page, hasMore };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: SHOWS_LIBRARY,
  });

/** The collections others shared with the user (accepted). */
export const sharedCollectionsQuery = (api: ChatApi) =>
  queryOptions({ queryKey: bookmarkKeys.shared, queryFn: () => api.sharedCollections(), meta: SHOWS_LIBRARY });
