import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import type { Gem } from '@/lib/api/contract';
import { shownTotal, uniqueGems } from '@/lib/library/paging';
import type { LibrarySource } from '@/lib/library/sources';
import type { ViewPrefs } from '@/lib/library/view-prefs';
import { errorMessage } from '../app/background-context';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { Spinner } from '../ui/Spinner';
import { useLibraryApi } from './library-api-context';
import { libraryGemsQuery } from './queries';
import { ResultsList } from './ResultsList';

interface Props {
  source: LibrarySource;
  title: string;
  prefs: ViewPrefs;
  unfilteredId: number | null;
  openId: number | null;
  onOpen: (gem: Gem) => void;
  /** Keys on a row (e, x, Delete…), with the row's gem. */
  onRowKey?: (event: KeyboardEvent, gem: Gem) => void;
  perPage?: number;
}

/** The gems of the chosen source, page by page as the list scrolls, with its loading, empty and error states. */
export function Results({ source, title, prefs, unfilteredId, openId, onOpen, onRowKey, perPage }: Props) {
  const api = useLibraryApi();
  const query = useInfiniteQuery(libraryGemsQuery(api, source, prefs.sort, unfilteredId, perPage));
  const pages = query.data?.pages ?? [];
  const gems = uniqueGems(pages);
  const total = shownTotal(pages, gems.length);
  const [active, setActive] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source starts at its first row.
  useEffect(() => setActive(0), [source, prefs.sort]);

  const { hasNextPage, isFetchingNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: gems.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      setActive(Math.min(Math.max(to, 0), gems.length - 1));
      return;
    }
    const gem = gems[active];
    if (gem) onRowKey?.(event, gem);
  };

  return (
    <section className="library-results" aria-labelledby="library-results-heading">
      <header className="library-results-header">
        <h2 id="library-results-heading">{title}</h2>
        {query.isSuccess && (
          <span className="library-results-count" aria-live="polite">
            {total === 1 ? '1 gem' : `${total} gems`}
          </span>
        )}
        {query.isFetching && !query.isPending && <Spinner label="Updating" />}
      </header>
      {query.isPending && (
        <div className="library-loading" role="status" aria-label="Loading gems">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height={48} shape="block" />
          ))}
        </div>
      )}
      {query.isError && (
        <ErrorMessage retrying={query.isFetching} onRetry={() => void query.refetch()} title="The gems did not load">
          {errorMessage(query.error)}
        </ErrorMessage>
      )}
      {query.isSuccess && gems.length === 0 && (
        <EmptyState title="Nothing here yet">Save pages with the Trove button; they appear here.</EmptyState>
      )}
      {gems.length > 0 && (
        <ResultsList
          gems={gems}
          total={total}
          label={title}
          activeIndex={active}
          openId={openId}
          onActivate={setActive}
          onOpen={onOpen}
          onNearEnd={loadMore}
          onKeyDown={onKeyDown}
        />
      )}
      {query.isFetchNextPageError && (
        <ErrorMessage onRetry={() => void query.fetchNextPage()}>{errorMessage(query.error)}</ErrorMessage>
      )}
    </section>
  );
}
