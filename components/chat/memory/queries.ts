import { queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';

/** The user's memories: one list per search. */
export const memoryKeys = {
  all: ['memories'] as const,
  list: (search: string) => [...memoryKeys.all, search] as const,
};

export const memoriesQuery = (api: ChatApi, search: string) =>
  queryOptions({ queryKey: memoryKeys.list(search), queryFn: () => api.listMemories(search) });
