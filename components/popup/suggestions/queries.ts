import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api/client';
import { suggestionApi } from '@/lib/api/routes/suggestions';
import { SUGGESTION_TEXT_CHARS } from '@/lib/api/suggestions-contract';
import type { ActivePage } from '@/lib/messaging/protocol';

export const suggestionKeys = {
  all: ['suggestions'] as const,
  page: (url: string) => ['suggestions', 'page', url] as const,
};

/**
 * The tags and collection suggested for the page. React Query aborts the request (and the server the model's call)
 * when the query is cancelled on save or the popup closes before the answer.
 */
export const pageSuggestionsQuery = (client: ApiClient, page: ActivePage | undefined) =>
  queryOptions({
    queryKey: suggestionKeys.page(page?.url ?? ''),
    queryFn: !page
      ? skipToken
      : async ({ signal }) => {
          const extract = page.extract;
          const body = {
            title: extract?.title || page.title || page.url,
            description: extract?.description ?? '',
            url: page.url,
            text: (extract?.text ?? '').slice(0, SUGGESTION_TEXT_CHARS),
          };
          return (await client.call(suggestionApi.tags, { body, signal })).data;
        },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
