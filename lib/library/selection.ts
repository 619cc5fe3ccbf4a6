/**
 * The library's selection of gems (pure: the page keeps it in state). Click selects one, Ctrl/⌘-click or `x`
 * toggles one, Shift-click adds the range from the last clicked gem, "select all" takes the loaded gems, and
 * "all N that match" takes every gem of the search across pages: then the bulk request names the search and the
 * count the user saw (lib/api/bulk-contract.ts) instead of ids.
 */

export interface Selection {
  /** The gems chosen one by one (or by range, or all loaded). */
  readonly ids: ReadonlySet<number>;
  /** Where a Shift-click range starts: the last gem clicked or toggled. */
  readonly anchor: number | null;
  /** Every gem the search matches, loaded or not. */
  readonly allMatching: boolean;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null, allMatching: false };

/** How a gem was clicked. */
export interface ClickKind {
  shift?: boolean;
  /** Ctrl/⌘-click, or the `x` key on the focused gem. */
  toggle?: boolean;
}

/** The selection's ids as a set the caller may change (all the loaded gems when every match was chosen). */
const explicitIds = (selection: Selection, loaded: readonly number[]) =>
  new Set(selection.allMatching ? loaded : selection.ids);

/**
 * The selection after a click on gem `id`; `loaded` is the list's order of the gems on screen (for ranges). Leaving
 * "all that match" by a toggle keeps the loaded gems but that one.
 */
export function click(selection: Selection, id: number, loaded: readonly number[], kind: ClickKind = {}): Selection {
  if (kind.shift && selection.anchor !== null) {
    const from = loaded.indexOf(selection.anchor);
    const to = loaded.indexOf(id);
    if (from !== -1 && to !== -1) {
      const ids = explicitIds(selection, loaded);
      for (const each of loaded.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(each);
      return { ids, anchor: selection.anchor, allMatching: false };
    }
  }
  if (kind.toggle || kind.shift) {
    const ids = explicitIds(selection, loaded);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id, allMatching: false };
  }
  return { ids: new Set([id]), anchor: id, allMatching: false };
}

/** `x` on the focused gem: the same as a Ctrl/⌘-click. */
export const toggle = (selection: Selection, id: number, loaded: readonly number[]) =>
  click(selection, id, loaded, { toggle: true });

export const selectAllLoaded = (loaded: readonly number[]): Selection => ({
  ids: new Set(loaded),
  anchor: loaded.at(-1) ?? null,
  allMatching: false,
});

export const selectAllMatching = (selection: Selection): Selection => ({ ...selection, allMatching: true });

/** The gems loaded now that are no longer in the list (after a search changed) drop out of the selection. */
export function keepLoaded(selection: Selection, loaded: readonly number[]): Selection {
  if (selection.allMatching) return selection;
  const present = new Set(loaded);
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return {
    ids,
    anchor: selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null,
    allMatching: false,
  };
}

export const isSelected = (selection: Selection, id: number) => selection.allMatching || selection.ids.has(id);

/** How many gems are chosen: every match (`total`, the count the user sees) or those picked. */
export const selectedCount = (selection: Selection, total: number) =>
  selection.allMatching ? total : selection.ids.size;

/** What a bulk request names: the search and the count the user saw, or the ids (null when nothing is chosen). */
export function bulkTarget(
  selection: Selection,
  search: { query: string; total: number },
): { ids: number[] } | { query: string; expectedCount: number } | null {
  if (selection.allMatching) return { query: search.query, expectedCount: search.total };
  if (selection.ids.size === 0) return null;
  return { ids: [...selection.ids] };
}
