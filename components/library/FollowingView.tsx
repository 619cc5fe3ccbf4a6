import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Follow } from '@/lib/api/following-contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { FollowedGemItem } from './FollowedGemItem';
import { FollowForm } from './FollowForm';
import { useLibraryApi } from './library-api-context';
import { followedQuery, followingGemsQuery, libraryKeys } from './queries';

interface Props {
  /** An address to follow, from a `#follow=` link. */
  followAddress?: string | null;
  onFollowed?: () => void;
  perPage?: number;
}

/**
 * The library's Following: the public collections the user follows and their gems, newest first. Opening it marks
 * what it shows as seen (the sidebar's count goes), after the gems came with their "new" marks.
 */
export function FollowingView({ followAddress, onFollowed, perPage }: Props) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const followed = useQuery(followedQuery(api));
  const gems = useInfiniteQuery(followingGemsQuery(api, perPage));
  const loaded = gems.isFetchedAfterMount && !gems.isFetching && gems.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void api
      .markFollowingSeen()
      .then(() => client.invalidateQueries({ queryKey: libraryKeys.following, exact: true }))
      .catch(() => {});
  }, [loaded, api, client]);
  const list = gems.data?.pages.flatMap((page) => page.data) ?? [];
  const follows = followed.data?.data ?? [];
  return (
    <section className="library-results library-following" aria-labelledby="library-results-heading">
      <div className="library-results-header">
        <h2 id="library-results-heading">Following</h2>
      </div>
      <FollowForm key={followAddress ?? ''} initial={followAddress} onDone={onFollowed} />
      {followed.isError && (
        <ErrorMessage onRetry={() => void followed.refetch()}>{errorMessage(followed.error)}</ErrorMessage>
      )}
      {follows.length > 0 && (
        <ul className="library-follows" aria-label="Followed collections">
          {follows.map((follow) => (
            <FollowedCollection key={follow.collectionId} follow={follow} />
          ))}
        </ul>
      )}
      {gems.isPending && <Skeleton height={96} shape="block" />}
      {gems.isError && (
        <ErrorMessage retrying={gems.isFetching} onRetry={() => void gems.refetch()} title="Gems did not load">
          {errorMessage(gems.error)}
        </ErrorMessage>
      )}
      {gems.isSuccess && list.length === 0 && (
        <EmptyState title="Nothing to show yet">
          Follow a public collection by its address: its gems will show here, the newest first.
        </EmptyState>
      )}
      {list.length > 0 && (
        <ul className="library-following-gems" aria-label="Gems of followed collections">
          {list.map((gem) => (
            <FollowedGemItem key={gem.id} gem={gem} />
          ))}
        </ul>
      )}
      {gems.hasNextPage && (
        <Button size="sm" loading={gems.isFetchingNextPage} onClick={() => void gems.fetchNextPage()}>
          Show more
        </Button>
      )}
    </section>
  );
}

function FollowedCollection({ follow }: { follow: Follow }) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const unfollow = useMutation({
    mutationFn: () => api.unfollow(follow.collectionId),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.following }),
  });
  const label = `${follow.name} by ${follow.owner.username}`;
  return (
    <li className="library-follow">
      {follow.url ? (
        <a href={follow.url} target="_blank" rel="noreferrer">
          {follow.name}
        </a>
      ) : (
        <span>{follow.name}</span>
      )}
      <span className="library-follow-meta">by {follow.owner.username}</span>
      {!follow.isPublic && <span className="library-follow-meta">· no longer public</span>}
      {follow.newCount > 0 && <span className="library-follow-new">{follow.newCount} new</span>}
      <Button size="sm" variant="ghost" aria-label={`Unfollow ${label}`} onClick={() => unfollow.mutate()}>
        Unfollow
      </Button>
    </li>
  );
}
