import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PromptCategory } from '@/lib/api/voice-contract';
import { nextPage } from '@/lib/chat/paging';
import type { WritingApi } from '@/lib/writing/writing-api';

export type PromptTab = PromptCategory | 'All';

/** The prompt library: one list per tab and search. */
export const promptKeys = {
  all: ['prompts'] as const,
  list: (category: PromptTab, search: string) => [...promptKeys.all, category, search] as const,
};

/** One prompt library tab's pages: each tab and search has its own list. */
export const promptsQuery = (api: WritingApi, category: PromptTab, search: string) =>
  infiniteQueryOptions({
    queryKey: promptKeys.list(category, search),
    queryFn: ({ pageParam }) => api.listPrompts({ category, search, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
