import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Prompt } from '@/lib/api/voice-contract';
import { mergePages } from '@/lib/chat/paging';
import { errorMessage } from '../../app/background-context';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { useWritingApi } from '../writing-api-context';
import { PromptRow } from './PromptRow';
import { type PromptTab, promptsQuery } from './queries';
import { usePromptMutations } from './use-prompt-mutations';

/** One tab's prompts: the next page loads as the list's end scrolls into view, each prompt once. */
export function PromptList({
  category,
  search,
  onSelect,
  onEdit,
}: {
  category: PromptTab;
  search: string;
  onSelect: (prompt: Prompt) => void;
  /** The author's Edit: the prompt opens in the editor. */
  onEdit: (prompt: Prompt) => void;
}) {
  const api = useWritingApi();
  const { remove } = usePromptMutations();
  const prompts = useInfiniteQuery(promptsQuery(api, category, search));
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = prompts;

  // After a failed page the sentinel waits for Retry rather than asking again on its own.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || isFetchNextPageError) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError]);

  const items = mergePages(prompts.data?.pages ?? []);
  const total = prompts.data?.pages.at(-1)?.total;
  if (prompts.isPending) return <Spinner label="Loading prompts" />;
  if (prompts.isError && !items.length)
    return (
      <ErrorMessage onRetry={() => void prompts.refetch()} retrying={prompts.isFetching}>
        {errorMessage(prompts.error)}
      </ErrorMessage>
    );
  if (!items.length)
    return (
      <EmptyState title={search ? 'No prompt matches' : 'No prompts yet'}>
        <p>
          {search
            ? `Nothing found for “${search}”.`
            : 'Prompts you write or that are shared with everyone appear here.'}
        </p>
      </EmptyState>
    );
  return (
    <>
      <p className="prompt-count">{total === 1 ? '1 prompt' : `${total} prompts`}</p>
      <ul className="prompt-list" aria-label={`${category} prompts`}>
        {items.map((prompt) => (
          <PromptRow
            key={prompt.id}
            prompt={prompt}
            onSelect={() => onSelect(prompt)}
            onEdit={() => onEdit(prompt)}
            onDelete={() => remove.mutateAsync(prompt.id)}
          />
        ))}
        <li ref={sentinel} aria-hidden="true" className="prompt-sentinel" />
      </ul>
      {isFetchingNextPage ? <Spinner label="Loading more prompts" /> : null}
      {isFetchNextPageError ? (
        <ErrorMessage onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage}>
          {errorMessage(prompts.error)}
        </ErrorMessage>
      ) : null}
    </>
  );
}
