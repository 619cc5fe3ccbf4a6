import './bookmarks.css';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { errorMessage, useBackground } from '../../app/background-context';
import { collectionsQuery } from '../../app/queries';
import { type CollectionOption, filterCollections, flattenCollections } from '../../popup/collection-tree';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { chosenBookmarksAtom } from '../atoms';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { CollectionRow } from './CollectionRow';
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

/**
 * The Bookmark attachment panel: the user's collections, searchable and expandable to their
 * gems, with boxes (a collection partly chosen shows the mixed state); Continue makes the choice the
 * chat's context. Leaving without Continue changes nothing.
 */
export function BookmarkPanel({ close }: Pick<DrawerPanelProps, 'close'>) {
  const background = useBackground();
  // Shown at once from what the page has, and asked again: a collection made elsewhere appears.
  const collections = useQuery({ ...collectionsQuery(background), refetchOnMount: 'always' });
  const [chosen, setChosen] = useAtom(chosenBookmarksAtom);
  const [choice, setChoice] = useState(chosen);
  const [search, setSearch] = useState('');
  const options = useMemo(() => flattenCollections(collections.data ?? []), [collections.data]);
  const descendants = useMemo(() => descendantsById(options), [options]);
  const shown = filterCollections(options, search);
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
          {shown.map((option) => (
            <CollectionRow
              key={option.collection.id}
              option={option}
              descendantIds={descendants.get(option.collection.id) ?? []}
              choice={choice}
              onChange={setChoice}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={search ? 'No collection matches' : 'No collections yet'}>
          {search ? 'Try another name.' : 'Save a page with the toolbar button to start one.'}
        </EmptyState>
      )}
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
