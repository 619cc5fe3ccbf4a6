import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';
import { nextPage } from '@/lib/chat/paging';

/** The side panel's server state: each key beside the query that fills it. */
export const chatKeys = {
  chat: (chatId: number) => ['chat', chatId] as const,
  messages: (chatId: number) => ['chat', chatId, 'messages'] as const,
  history: (search: string) => ['chat-history', search] as const,
  historyAll: ['chat-history'] as const,
  collections: ['chat-collections'] as const,
  shareLink: (chatId: number) => ['chat', chatId, 'share'] as const,
};

export const chatQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.chat(chatId), queryFn: () => api.getChat(chatId) });

export const messagesQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.messages(chatId), queryFn: () => api.listMessages(chatId) });

export const historyQuery = (api: ChatApi, search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(search),
    queryFn: async ({ pageParam }) => {
      const page = await api.history({ page: pageParam, search });
      return { data: page.data, total: page.totalCount };
    },
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

export const chatCollectionsQuery = (api: ChatApi) =>
  queryOptions({ queryKey: chatKeys.collections, queryFn: () => api.chatCollections() });

export const shareLinkQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.shareLink(chatId), queryFn: () => api.shareLink(chatId) });
