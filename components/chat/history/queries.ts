import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';
import { nextPage } from '@/lib/chat/paging';
import { SHOWS_LIBRARY } from '../../app/share-query-changes';

/** The chat history: the recents (one list per search) and the AI Chats collections. */
export const historyKeys = {
  all: ['chat-history'] as const,
  recents: (search: string) => [...historyKeys.all, search] as const,
  collections: ['chat-collections'] as const,
};

export const historyQuery = (api: ChatApi, search: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.recents(search),
    queryFn: async ({ pageParam }) => {
      const page = await api.history({ page: pageParam, search });
      return { data: page.data, total: page.totalCount };
    },
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

export const chatCollectionsQuery = (api: ChatApi) =>
  queryOptions({ queryKey: historyKeys.collections, queryFn: () => api.chatCollections(), meta: SHOWS_LIBRARY });
