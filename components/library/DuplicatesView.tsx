import { useInfiniteQuery } from '@tanstack/react-query';
import type { Collection } from '@/lib/api/contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { DuplicateGroupCard } from './DuplicateGroupCard';
import { useLibraryApi } from './library-api-context';
import { libraryDuplicatesQuery } from './queries';
import { useMergeDuplicates } from './use-duplicates';

interface Props {
  collections: Collection[];
  onOpen: (id: number) => void;
  onTrash: (id: number) => void;
  /** Groups a page (tests use small pages to see Show more). */
  perPage?: number;
}

/** The library's Duplicates: gems saved at the same page (by canonical address), a group at a time, to merge. */
export function DuplicatesView({ collections, onOpen, onTrash, perPage }: Props) {
  const api = useLibraryApi();
  const query = useInfiniteQuery(libraryDuplicatesQuery(api, perPage));
  const merge = useMergeDuplicates();
  const groups = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages.at(-1)?.total;
  return (
    <section className="library-results library-dupes" aria-labelledby="library-results-heading">
      <div className="library-results-header">
        <h2 id="library-results-heading">Duplicates</h2>
        {total !== undefined && (
          <span className="library-results-count">{total === 1 ? '1 group' : `${total} groups`}</span>
        )}
      </div>
      {query.isPending && (
        <div className="library-loading" role="status" aria-label="Loading duplicates">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={96} shape="block" />
          ))}
        </div>
      )}
      {query.isError && (
        <ErrorMessage retrying={query.isFetching} onRetry={() => void query.refetch()} title="Duplicates did not load">
          {errorMessage(query.error)}
        </ErrorMessage>
      )}
      {query.isSuccess && groups.length === 0 && (
        <EmptyState title="No duplicates">
          No two gems are saved at the same page (addresses are compared in their canonical form).
        </EmptyState>
      )}
      {groups.length > 0 && (
        <ul className="library-dupe-list" aria-label="Duplicate groups">
          {groups.map((group) => (
            <DuplicateGroupCard
              key={group.canonicalUrl}
              group={group}
              collections={collections}
              onMerge={merge}
              onOpen={onOpen}
              onTrash={onTrash}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more
        </Button>
      )}
    </section>
  );
}
