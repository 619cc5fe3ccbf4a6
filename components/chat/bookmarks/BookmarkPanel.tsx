import './bookmarks.css';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { errorMessage, useBackground } from '../../app/background-context';
import { collectionsQuery } from '../../app/queries';
import { type CollectionOption, filterCollections, flattenCollections } from '../../popup/collection-tree';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { chosenBookmarksAtom } from '../atoms';
import { useChatApi } from '../chat-api-context';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { type BookmarkCollection, CollectionRow } from './CollectionRow';
import { sharedCollectionsQuery } from './queries';
import { bookmarkCount, overLimit } from './selection';

/** Each collection's sub-collections at any depth, from the tree order (children follow their parent, deeper). */
function descendantsById(options: CollectionOption[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  options.forEach((option, index) => {
    const below: number[] = [];
    for (const next of options.slice(index + 1)) {
      if (next.depth <= option.depth) break;
      below.push(next.collection.id);
    }
    out.set(option.collection.id, below);
  });
  return out;
}

const ownRow = ({ collection, depth, path }: CollectionOption): BookmarkCollection => ({
  id: collection.id,
  name: collection.name,
  path,
  depth,
  gemsCount: collection.gems_count,
});

const sharedRow = (item: SharedItem): BookmarkCollection => ({
  id: item.id,
  name: item.name,
  path: item.name,
  depth: 0,
  gemsCount: item.gemsCount,
  owner: item.owner.username,
});

/**
 * The Bookmark attachment panel: the user's collections, then those shared with them, searchable and expandable to
 * their gems, with boxes (a collection partly chosen shows the mixed state); Continue makes the choice the chat's
 * context. Leaving without Continue changes nothing.
 */
export function BookmarkPanel({ close }: Pick<DrawerPanelProps, 'close'>) {
  const background = useBackground();
  // Shown at once from what the page has, and asked again: a collection made elsewhere appears.
  const collections = useQuery({ ...collectionsQuery(background), refetchOnMount: 'always' });
  const shared = useQuery({ ...sharedCollectionsQuery(useChatApi()), refetchOnMount: 'always' });
  const [chosen, setChosen] = useAtom(chosenBookmarksAtom);
  const [choice, setChoice] = useState(chosen);
  const [search, setSearch] = useState('');
  const options = useMemo(() => flattenCollections(collections.data ?? []), [collections.data]);
  const descendants = useMemo(() => descendantsById(options), [options]);
  const shown = filterCollections(options, search);
  const sharedShown = (shared.data ?? [])
    .map(sharedRow)
    .filter((c) => c.name.toLowerCase().includes(search.trim().toLowerCase()));
  const row = (collection: BookmarkCollection, descendantIds: number[] = []) => (
    <CollectionRow
      key={collection.id}
      collection={collection}
      descendantIds={descendantIds}
      choice={choice}
      onChange={setChoice}
    />
  );
  const limit = overLimit(choice);
  const count = bookmarkCount(choice);

  if (collections.isPending) return <Spinner label="Loading collections" />;
  if (collections.isError) return <Alert tone="error">{errorMessage(collections.error)}</Alert>;
  return (
    <div className="bookmark-panel">
      <input
        type="search"
        className="ui-input"
        placeholder="Search collections"
        aria-label="Search collections"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length ? (
        <ul className="bookmark-collections" aria-label="Collections">
          {shown.map((option) => row(ownRow(option), descendants.get(option.collection.id)))}
        </ul>
      ) : null}
      {sharedShown.length ? (
        <section aria-labelledby="bookmark-shared-heading">
          <h3 id="bookmark-shared-heading" className="bookmark-heading">
            Shared with me
          </h3>
          <ul className="bookmark-collections" aria-label="Shared with me">
            {sharedShown.map((collection) => row(collection))}
          </ul>
        </section>
      ) : null}
      {shared.isError ? (
        <Alert tone="error">Collections shared with you could not be read: {errorMessage(shared.error)}</Alert>
      ) : null}
      {!shown.length && !sharedShown.length ? (
        <EmptyState title={search ? 'No collection matches' : 'No collections yet'}>
          {search ? 'Try another name.' : 'Save a page with the toolbar button to start one.'}
        </EmptyState>
      ) : null}
      {limit ? <Alert tone="error">{limit}</Alert> : null}
      <div className="bookmark-actions">
        <span className="bookmark-chosen" aria-live="polite">
          {count ? `${count} chosen` : 'Nothing chosen'}
        </span>
        <Button
          variant="primary"
          size="sm"
          disabled={Boolean(limit)}
          onClick={() => {
            setChosen(choice);
            close();
          }}
        >
          Continue
        </Button>
      </div>
    </div>
  );
}
