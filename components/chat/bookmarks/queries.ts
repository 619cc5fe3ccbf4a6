import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';
import { SHOWS_LIBRARY } from '../../app/share-query-changes';

/** The gems of each collection the Bookmark panel expands. */
export const bookmarkKeys = {
  all: ['collection-gems'] as const,
  collectionGems: (collectionId: number) => [...bookmarkKeys.all, collectionId] as const,
};

/** A collection's gems, a page at a time (Load More), for the Bookmark attachment panel. */
export const collectionGemsQuery = (api: ChatApi, collectionId: number) =>
  infiniteQueryOptions({
    queryKey: bookmarkKeys.collectionGems(collectionId),
    queryFn: ({ pageParam }) => api.collectionGems(collectionId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: SHOWS_LIBRARY,
  });
