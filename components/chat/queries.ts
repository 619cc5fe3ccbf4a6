import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChatApi, InstructionKind } from '@/lib/chat/chat-api';
import { nextPage } from '@/lib/chat/paging';

/** The side panel's server state: each key beside the query that fills it. */
export const chatKeys = {
  chat: (chatId: number) => ['chat', chatId] as const,
  messages: (chatId: number) => ['chat', chatId, 'messages'] as const,
  history: (search: string) => ['chat-history', search] as const,
  historyAll: ['chat-history'] as const,
  collections: ['chat-collections'] as const,
  shareLink: (chatId: number) => ['chat', chatId, 'share'] as const,
  instructions: (kind: InstructionKind, search: string) => ['instructions', kind, search] as const,
  instructionsAll: (kind: InstructionKind) => ['instructions', kind] as const,
  memories: (search: string) => ['memories', search] as const,
  memoriesAll: ['memories'] as const,
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

export const instructionsQuery = (api: ChatApi, kind: InstructionKind, search: string) =>
  queryOptions({ queryKey: chatKeys.instructions(kind, search), queryFn: () => api.listInstructions(kind, search) });

export const memoriesQuery = (api: ChatApi, search: string) =>
  queryOptions({ queryKey: chatKeys.memories(search), queryFn: () => api.listMemories(search) });
