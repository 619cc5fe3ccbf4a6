import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useChatApi } from '../chat-api-context';
import { collectionGemsQuery } from './queries';
import { type BookmarkChoice, gemChecked, toggleGem } from './selection';

interface CollectionGemsProps {
  collectionId: number;
  /** Shared with the user: its gems they may read, its sub-collections' too. */
  shared?: boolean;
  choice: BookmarkChoice;
  onChange: (next: BookmarkChoice) => void;
}

/** A collection's gems with their boxes, 25 at a time with Load More. */
export function CollectionGems({ collectionId, shared = false, choice, onChange }: CollectionGemsProps) {
  const api = useChatApi();
  const pages = useInfiniteQuery(collectionGemsQuery(api, collectionId, shared));
  if (pages.isPending) return <Spinner label="Loading gems" />;
  if (pages.isError) return <Alert tone="error">{errorMessage(pages.error)}</Alert>;
  const seen = new Set<number>();
  const gems = pages.data.pages
    .flatMap((page) => page.bookmarks)
    .filter((gem) => !seen.has(gem.id) && Boolean(seen.add(gem.id)));
  if (!gems.length) return <p className="bookmark-none">No gems in this collection.</p>;
  const shown = gems.map((gem) => ({ id: gem.id, title: gem.title || gem.url }));
  return (
    <>
      <ul className="bookmark-gems">
        {shown.map((gem) => (
          <li key={gem.id}>
            <label className="bookmark-label">
              <input
                type="checkbox"
                checked={gemChecked(choice, gem.id, collectionId)}
                onChange={() => onChange(toggleGem(choice, { ...gem, collectionId }, shown))}
              />
              <span className="bookmark-name">{gem.title}</span>
            </label>
          </li>
        ))}
      </ul>
      {pages.hasNextPage ? (
        <Button size="sm" variant="ghost" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          Load More
        </Button>
      ) : null}
    </>
  );
}
