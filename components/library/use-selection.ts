import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LibraryApi } from '@/lib/library/library-api';
import { shownTotal, uniqueGems } from '@/lib/library/paging';
import * as pick from '@/lib/library/selection';
import { type LibrarySource, sourceKey } from '@/lib/library/sources';
import type { LibrarySort } from '@/lib/library/view-prefs';
import { libraryGemsQuery } from './queries';

interface Shown {
  api: LibraryApi;
  source: LibrarySource;
  sort: LibrarySort | null;
  q: string | null;
  perPage?: number;
}

/**
 * The gems chosen for a change to several at once (lib/library/selection.ts), over the gems the results show (the
 * same query as Results.tsx, so the same cache); a new source starts with none.
 */
export function useSelection({ api, source, sort, q, perPage }: Shown) {
  const [state, setState] = useState<pick.Selection>(pick.emptySelection);
  // A change emptied the selection (trashed gems leave the list): the bulk bar stays for its result and Undo.
  const [held, setHeld] = useState(false);
  const clear = () => {
    setState(pick.emptySelection);
    setHeld(false);
  };
  const key = sourceKey(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the source changes.
  useEffect(clear, [key]);
  const gems = useInfiniteQuery(libraryGemsQuery(api, source, sort, q, perPage));
  const pages = gems.data?.pages ?? [];
  const loaded = uniqueGems(pages).map((gem) => gem.id);
  const total = shownTotal(pages, loaded.length);
  const selection = pick.keepLoaded(state, loaded);
  const count = pick.selectedCount(selection, total);
  const allLoaded = loaded.length > 0 && loaded.every((id) => pick.isSelected(selection, id));
  return {
    count,
    /** The bulk bar is shown: gems are selected, or a change made to them is still on show. */
    shown: count > 0 || held,
    hold: () => setHeld(true),
    total,
    /** The ids to mark in the list. */
    ids: selection.allMatching ? new Set(loaded) : selection.ids,
    allMatching: selection.allMatching,
    /** Every loaded gem is chosen but more match the search (which only a source with search text has). */
    canSelectAllMatching: q !== null && allLoaded && !selection.allMatching && total > loaded.length,
    canSelectAllLoaded: loaded.length > 0 && !allLoaded,
    target: pick.bulkTarget(selection, { query: q ?? '', total }),
    click: (id: number, kind: pick.ClickKind) => setState(pick.click(selection, id, loaded, kind)),
    toggle: (id: number) => setState(pick.toggle(selection, id, loaded)),
    selectAllLoaded: () => setState(pick.selectAllLoaded(loaded)),
    selectAllMatching: () => setState(pick.selectAllMatching(selection)),
    clear,
  };
}

export type LibrarySelection = ReturnType<typeof useSelection>;
