import { queryOptions } from '@tanstack/react-query';
import type { ContextSizeInput } from '@/lib/api/chat-contract';
import type { ChatApi } from '@/lib/chat/chat-api';
import { SHOWS_LIBRARY } from '../../app/share-query-changes';

/** The composer's estimate: the size of the gems a question would be sent with, one per set of gems. */
export const composerKeys = {
  all: ['context-size'] as const,
  contextSize: (input: ContextSizeInput) => [...composerKeys.all, input] as const,
};

/**
 * The size of the gems a question would be sent with (chosen ones, the chosen collections', the page's), which only
 * the server can read: the composer's estimate adds it. Fetched again when the library changes.
 */
export const contextSizeQuery = (api: ChatApi, input: ContextSizeInput) =>
  queryOptions({
    queryKey: composerKeys.contextSize(input),
    queryFn: () => api.contextSize(input),
    meta: SHOWS_LIBRARY,
  });
