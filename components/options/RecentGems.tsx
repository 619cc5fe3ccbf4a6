import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { momentOf } from '@/lib/day';
import { errorMessage, isOffline, useBackground } from '../app/background-context';
import { gemsQuery } from '../app/queries';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';

const PER_PAGE = 20;

/** The user's gems, newest first; `#gem-{id}` in the page address scrolls to and highlights one. */
export function RecentGems() {
  const background = useBackground();
  const gems = useInfiniteQuery(gemsQuery(background, PER_PAGE));
  const items = gems.data?.pages.flatMap((p) => p.data) ?? [];
  const highlighted = location.hash.startsWith('#gem-') ? location.hash.slice(1) : null;

  useEffect(() => {
    if (highlighted && items.length) document.getElementById(highlighted)?.scrollIntoView({ block: 'center' });
  }, [highlighted, items.length]);

  return (
    <section id="gems" aria-labelledby="gems-heading">
      <h2 id="gems-heading">
        Your gems {gems.data ? <span className="count">{gems.data.pages[0]?.total}</span> : null}
      </h2>
      <p>
        <a href="/library.html">Open the library</a> to search, read and organise them.
      </p>
      {gems.isPending && <Spinner label="Loading gems" />}
      {gems.isError && !isOffline(gems.error) && (
        <ErrorMessage retrying={gems.isFetching} onRetry={() => void gems.refetch()}>
          {errorMessage(gems.error)}
        </ErrorMessage>
      )}
      {gems.isSuccess && items.length === 0 && (
        <EmptyState title="No gems yet">Open a page and click the Trove button to save it.</EmptyState>
      )}
      <ul className="gem-list">
        {items.map((gem) => (
          <li key={gem.id} id={`gem-${gem.id}`} className={highlighted === `gem-${gem.id}` ? 'highlight' : undefined}>
            <a href={gem.url} target="_blank" rel="noreferrer">
              {gem.title}
            </a>
            <span className="meta">
              {gem.media_type} · {momentOf(gem.createdAt)}
              {gem.tags.length ? ` · ${gem.tags.map((t) => `#${t.tag}`).join(' ')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {gems.hasNextPage && (
        <Button onClick={() => gems.fetchNextPage()} loading={gems.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </section>
  );
}
