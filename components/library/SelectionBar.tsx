import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BulkBar } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { runningBulkJobQuery } from './queries';
import { useLibraryChanged } from './use-library-changes';
import type { LibrarySelection } from './use-selection';

interface Props {
  selection: LibrarySelection;
  /** Each collection's path by id (`Recipes/Desserts`). */
  collectionPaths: ReadonlyMap<number, string>;
  tags: readonly { id: number; path: string }[];
}

const gems = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'gem' : 'gems'}`;

/**
 * The bulk bar over the results while gems are selected, with the ways to select more; it stays after a change
 * emptied the selection, until the selection is cleared (use-selection.ts).
 */
export function SelectionBar({ selection, collectionPaths, tags }: Props) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const { count } = selection;
  // A job still running from before the page was opened: the bar shows its progress (BulkBar finds it), then its Undo.
  const running = useQuery(runningBulkJobQuery(api)).data;
  const hold = selection.hold;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per job found, not per render of the selection.
  useEffect(() => {
    if (running) hold();
  }, [running?.id]);
  if (!selection.shown) return null;
  return (
    <div className="library-selection">
      {/* The ways to select more wait with the bar for its code: drawn first, they moved down under a click when it came. */}
      <Suspense fallback={null}>
        <BulkBar
          client={api.client}
          count={count}
          target={selection.target}
          collections={[...collectionPaths].map(([id, path]) => ({ id, path }))}
          tags={tags.map((t) => ({ id: t.id, path: t.path }))}
          onChanged={() => {
            selection.hold();
            changed();
          }}
          onClear={selection.clear}
        />
        {(selection.canSelectAllLoaded || selection.canSelectAllMatching) && (
          <p className="library-selection-more">
            {selection.canSelectAllMatching ? (
              <button type="button" className="link-button" onClick={selection.selectAllMatching}>
                Select all {gems(selection.total)} that match
              </button>
            ) : (
              <button type="button" className="link-button" onClick={selection.selectAllLoaded}>
                Select all shown
              </button>
            )}
          </p>
        )}
      </Suspense>
    </div>
  );
}
