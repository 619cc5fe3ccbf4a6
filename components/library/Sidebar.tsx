import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import { type LibrarySource, sameSource } from '@/lib/library/sources';
import { errorMessage } from '../app/background-context';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { CollectionTree } from './CollectionTree';
import { NameDialog } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { followedQuery, libraryTagsQuery } from './queries';
import { SavedSearches } from './SavedSearches';
import { SharedWithMe } from './SharedWithMe';
import { SidebarItem } from './SidebarItem';
import { TagTree } from './TagTree';
import { useLibraryChanged } from './use-library-changes';
import { useMoves } from './use-moves';
import { useDropTarget } from './use-tree-dnd';

interface Props {
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
  collections: { data?: Collection[]; isPending: boolean; error: unknown; refetch: () => unknown };
}

/** The library's sidebar: the fixed views, the collection tree and the tags. */
export function Sidebar({ source, onSelect, collections }: Props) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const tags = useQuery(libraryTagsQuery(api));
  const following = useQuery(followedQuery(api));
  const [creating, setCreating] = useState(false);
  const unfiltered = collections.data?.find((c) => c.isUnfiltered);
  const moves = useMoves();
  // The headings are the trees' top level: a collection or tag dropped there moves out of its parent.
  const collectionsRoot = useDropTarget(['collection'], (drag) => {
    if (drag.kind === 'collection') void moves.moveCollection(drag, null).catch(() => {});
  });
  const tagsRoot = useDropTarget(['tag'], (drag) => {
    if (drag.kind === 'tag') void moves.moveTag(drag, null).catch(() => {});
  });
  const fixed = (label: string, target: LibrarySource, count?: number | null, countOf?: (count: number) => string) => (
    <li>
      <SidebarItem
        label={label}
        count={count}
        countOf={countOf}
        current={sameSource(source, target)}
        onSelect={() => onSelect(target)}
      />
    </li>
  );
  return (
    <nav className="library-sidebar" aria-label="Library">
      <ul className="library-nav-list">
        {fixed('All gems', { kind: 'all' })}
        {fixed('Unfiltered', { kind: 'unfiltered' }, unfiltered?.gems_count)}
        {fixed('Favourites', { kind: 'favourites' })}
        {fixed('Following', { kind: 'following' }, following.data?.newCount || null, () => 'new')}
        {fixed('Your offers', { kind: 'offers' })}
        {fixed('Writing', { kind: 'writing' })}
      </ul>
      <div className="library-nav-heading" {...collectionsRoot}>
        <h2 id="library-collections-heading">Collections</h2>
        <button type="button" className="link-button" onClick={() => setCreating(true)}>
          New collection
        </button>
      </div>
      {collections.isPending && <Skeleton height={96} shape="block" />}
      {collections.error ? (
        <ErrorMessage onRetry={() => void collections.refetch()}>{errorMessage(collections.error)}</ErrorMessage>
      ) : null}
      {collections.data && <CollectionTree collections={collections.data} source={source} onSelect={onSelect} />}
      <div className="library-nav-heading" {...tagsRoot}>
        <h2>Tags</h2>
      </div>
      {tags.data && <TagTree tags={tags.data} source={source} onSelect={onSelect} />}
      {tags.data?.length === 0 && <p className="hint library-nav-hint">No tags yet.</p>}
      <SharedWithMe source={source} onSelect={onSelect} />
      <div className="library-nav-heading">
        <h2>Saved searches</h2>
      </div>
      <SavedSearches source={source} onSelect={onSelect} />
      <ul className="library-nav-list library-nav-end">
        {fixed('Duplicates', { kind: 'duplicates' })}
        {fixed('Trash', { kind: 'trash' })}
      </ul>
      {creating && (
        <Suspense fallback={null}>
          <NameDialog
            title="New collection"
            label="Name"
            submitLabel="Create"
            onSubmit={(name) => api.createCollection(name, null).then(changed)}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
    </nav>
  );
}
