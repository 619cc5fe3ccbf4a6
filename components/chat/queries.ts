import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ContextSizeInput } from '@/lib/api/chat-contract';
import type { PromptCategory } from '@/lib/api/voice-contract';
import type { ChatApi, InstructionKind } from '@/lib/chat/chat-api';
import { nextPage } from '@/lib/chat/paging';
import { SHOWS_LIBRARY } from '../app/share-query-changes';

export type PromptTab = PromptCategory | 'All';

/** The side panel's server state: each key beside the query that fills it. */
export const chatKeys = {
  chat: (chatId: number) => ['chat', chatId] as const,
  messages: (chatId: number) => ['chat', chatId, 'messages'] as const,
  history: (search: string) => ['chat-history', search] as const,
  historyAll: ['chat-history'] as const,
  collections: ['chat-collections'] as const,
  shareLink: (chatId: number) => ['chat', chatId, 'share'] as const,
  prompts: (category: PromptTab, search: string) => ['prompts', category, search] as const,
  promptsAll: ['prompts'] as const,
  instructions: (kind: InstructionKind, search: string) => ['instructions', kind, search] as const,
  instructionsAll: (kind: InstructionKind) => ['instructions', kind] as const,
  memories: (search: string) => ['memories', search] as const,
  memoriesAll: ['memories'] as const,
  collectionGems: (collectionId: number) => ['collection-gems', collectionId] as const,
  contextSize: (input: ContextSizeInput) => ['context-size', input] as const,
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
  queryOptions({ queryKey: chatKeys.collections, queryFn: () => api.chatCollections(), meta: SHOWS_LIBRARY });

export const shareLinkQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.shareLink(chatId), queryFn: () => api.shareLink(chatId) });

/** One prompt library tab's pages: each tab and search has its own list. */
export const promptsQuery = (api: ChatApi, category: PromptTab, search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.prompts(category, search),
    queryFn: ({ pageParam }) => api.listPrompts({ category, search, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
export const instructionsQuery = (api: ChatApi, kind: InstructionKind, search: string) =>
  queryOptions({ queryKey: chatKeys.instructions(kind, search), queryFn: () => api.listInstructions(kind, search) });

export const memoriesQuery = (api: ChatApi, search: string) =>
  queryOptions({ queryKey: chatKeys.memories(search), queryFn: () => api.listMemories(search) });

/** A collection's gems, a page at a time (Load More), for the Bookmark attachment panel. */
export const collectionGemsQuery = (api: ChatApi, collectionId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.collectionGems(collectionId),
    queryFn: ({ pageParam }) => api.collectionGems(collectionId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    meta: SHOWS_LIBRARY,
  });

/**
 * The size of the gems a question would be sent with (chosen ones, the chosen collections', the page's), which only
 * the server can read: the composer's estimate adds it. Fetched again when the library changes.
 */
export const contextSizeQuery = (api: ChatApi, input: ContextSizeInput) =>
  queryOptions({ queryKey: chatKeys.contextSize(input), queryFn: () => api.contextSize(input), meta: SHOWS_LIBRARY });
