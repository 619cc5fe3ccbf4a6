export const LIBRARY_VIEWS = ['list', 'cards', 'table'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];

export const LIBRARY_SORTS = ['newest', 'oldest', 'title'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export interface ViewPrefs {
  view: LibraryView;
  sort: LibrarySort;
}

export const DEFAULT_VIEW_PREFS: ViewPrefs = { view: 'list', sort: 'newest' };

/** A stored value read back safely: an unknown view or sort (an older version's) falls back to the default. */
export function readViewPrefs(all: Record<string, ViewPrefs>, key: string): ViewPrefs {
  const stored = all[key];
  return {
    view: LIBRARY_VIEWS.includes(stored?.view as LibraryView) ? (stored as ViewPrefs).view : DEFAULT_VIEW_PREFS.view,
    sort: LIBRARY_SORTS.includes(stored?.sort as LibrarySort) ? (stored as ViewPrefs).sort : DEFAULT_VIEW_PREFS.sort,
  };
}
