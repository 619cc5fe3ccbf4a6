import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { GemSummary } from '@/lib/api/contract';
import { shownTotal, uniqueGems } from '@/lib/library/paging';
import type { LibrarySource } from '@/lib/library/sources';
import { sortText, type ViewPrefs } from '@/lib/library/view-prefs';
import { errorMessage } from '../app/background-context';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { usePreloadLibraryParts } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { libraryGemsQuery } from './queries';
import { ResultsHeader } from './ResultsHeader';
import { ResultsView } from './ResultsView';

interface Props {
  source: LibrarySource;
  /** The search text that stands for the source (lib/library/source-query.ts). */
  q: string | null;
  title: string;
  prefs: ViewPrefs;
  onPrefs: (prefs: Partial<ViewPrefs>) => void;
  /** The typed query says its own order (`sort:`): the sort menu stands aside. */
  ownSort: boolean;
  openId: number | null;
  selected: ReadonlySet<number>;
  onOpen: (gem: GemSummary, event?: MouseEvent) => void;
  /** Keys on a gem (e, x, Delete…), with the gem. */
  onGemKey?: (event: KeyboardEvent, gem: GemSummary) => void;
  rowAction?: { label: string; run: (gem: GemSummary) => void };
  /** Beside the heading (Empty trash). */
  tools?: ReactNode;
  /** What to say when there are none. */
  empty?: { title: string; text: string };
  perPage?: number;
  /** "Chat about these results" with the total shown; absent where there is nothing to chat about (the trash). */
  onChat?: ((total: number) => void) | null;
  /** In a manual order (a collection sorted "Manual"): puts a gem right before or after another. */
  onPlace?: (gem: GemSummary, to: { before: number } | { after: number }) => Promise<unknown>;
}

const MOVES: Record<string, (at: number, perRow: number, last: number) => number> = {
  ArrowDown: (at, perRow) => at + perRow,
  ArrowUp: (at, perRow) => at - perRow,
  ArrowRight: (at, perRow) => (perRow > 1 ? at + 1 : at),
  ArrowLeft: (at, perRow) => (perRow > 1 ? at - 1 : at),
  Home: () => 0,
  End: (_at, _perRow, last) => last,
};

/** The gems of the chosen source, page by page as the list scrolls, with its loading, empty and error states. */
export function Results(props: Props) {
  const { source, q, prefs, ownSort, perPage } = props;
  const api = useLibraryApi();
  const query = useInfiniteQuery(libraryGemsQuery(api, source, ownSort ? null : prefs.sort, q, perPage));
  const pages = query.data?.pages ?? [];
  const gems = uniqueGems(pages);
  usePreloadLibraryParts(query.isSuccess);
  const total = shownTotal(pages, gems.length);
  const [active, setActive] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source or order starts at its first gem.
  useEffect(() => setActive(0), [q, source, sortText(prefs.sort)]);

  const { hasNextPage, isFetchingNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  // A gem moved in the manual order keeps the focus: once the list has it at its new place, that place is active.
  const [follow, setFollow] = useState<number | null>(null);
  useEffect(() => {
    if (follow === null) return;
    const at = gems.findIndex((gem) => gem.id === follow);
    if (at >= 0 && at !== active) {
      setActive(at);
      setFollow(null);
    }
  }, [gems, follow, active]);
  const { onPlace } = props;
  const place = (id: number, to: { before: number } | { after: number }) => {
    const gem = gems.find((g) => g.id === id);
    if (!gem || !onPlace) return;
    setFollow(id);
    void onPlace(gem, to).catch(() => setFollow(null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, perRow: number) => {
    const gem = gems[active];
    const step = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (onPlace && gem && event.altKey && step !== undefined) {
      // Alt+↑/↓: one place up or down in the manual order.
      event.preventDefault();
      const next = gems[active + step];
      if (next) place(gem.id, step < 0 ? { before: next.id } : { after: next.id });
      return;
    }
    const move = MOVES[event.key];
    if (move && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      setActive(Math.min(Math.max(move(active, perRow, gems.length - 1), 0), gems.length - 1));
      return;
    }
    if (gem) props.onGemKey?.(event, gem);
  };

  return (
    <section className="library-results" aria-labelledby="library-results-heading">
      <ResultsHeader
        title={props.title}
        total={query.isSuccess ? total : null}
        updating={query.isFetching && !query.isPending}
        prefs={prefs}
        ownSort={ownSort}
        onPrefs={props.onPrefs}
        tools={props.tools}
        onChat={props.onChat && query.isSuccess ? () => props.onChat?.(total) : undefined}
      />
      {query.isPending && (
        <div className="library-loading" role="status" aria-label="Loading gems">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height={48} shape="block" />
          ))}
        </div>
      )}
      {query.isError && !query.isFetchNextPageError && (
        <ErrorMessage retrying={query.isFetching} onRetry={() => void query.refetch()} title="The gems did not load">
          {errorMessage(query.error)}
        </ErrorMessage>
      )}
      {query.isSuccess && gems.length === 0 && (
        <EmptyState title={props.empty?.title ?? 'Nothing here yet'}>
          {props.empty?.text ?? 'Save pages with the Trove button; they appear here.'}
        </EmptyState>
      )}
      {gems.length > 0 && (
        <ResultsView
          gems={gems}
          total={total}
          label={props.title}
          view={props.rowAction ? 'list' : prefs.view}
          rowAction={props.rowAction}
          sort={prefs.sort}
          onSort={(sort) => props.onPrefs({ sort })}
          activeIndex={active}
          openId={props.openId}
          selected={props.selected}
          onActivate={setActive}
          onOpen={props.onOpen}
          onNearEnd={loadMore}
          onKeyDown={onKeyDown}
          onPlace={
            onPlace &&
            ((id, gem, position) => place(id, position === 'before' ? { before: gem.id } : { after: gem.id }))
          }
        />
      )}
      {query.isFetchNextPageError && (
        <ErrorMessage onRetry={() => void query.fetchNextPage()} title="More gems did not load">
          {errorMessage(query.error)}
        </ErrorMessage>
      )}
    </section>
  );
}
