import { type SearchSort, searchSorts } from '../search/ast';

export const LIBRARY_VIEWS = ['list', 'cards', 'table'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];

/** The results' order: one of the query language's sort keys and a direction. */
export type LibrarySort = SearchSort;

export interface ViewPrefs {
  view: LibraryView;
  sort: LibrarySort;
}

export const DEFAULT_SORT: LibrarySort = { key: 'added', dir: 'desc' };
export const DEFAULT_VIEW_PREFS: ViewPrefs = { view: 'list', sort: DEFAULT_SORT };

/** The sort as a short text (query keys, the sort menu's values). */
export const sortText = (sort: LibrarySort) => `${sort.key}-${sort.dir}`;

const isSort = (sort: unknown): sort is LibrarySort => {
  const s = sort as Partial<LibrarySort> | undefined;
  return (searchSorts as readonly unknown[]).includes(s?.key) && (s?.dir === 'asc' || s?.dir === 'desc');
};

/** A stored value read back safely: an unknown view or sort (an older version's) falls back to the default. */
export function readViewPrefs(all: Record<string, ViewPrefs>, key: string, defaults = DEFAULT_VIEW_PREFS): ViewPrefs {
  const stored = all[key];
  return {
    view: LIBRARY_VIEWS.includes(stored?.view as LibraryView) ? (stored as ViewPrefs).view : defaults.view,
    sort: isSort(stored?.sort) ? { key: stored.sort.key, dir: stored.sort.dir } : defaults.sort,
  };
}

/** The sorts offered in the sort menu, with their names. */
export const SORT_CHOICES: { sort: LibrarySort; label: string }[] = [
  { sort: { key: 'added', dir: 'desc' }, label: 'Newest first' },
  { sort: { key: 'added', dir: 'asc' }, label: 'Oldest first' },
  { sort: { key: 'updated', dir: 'desc' }, label: 'Recently updated' },
  { sort: { key: 'title', dir: 'asc' }, label: 'Title A–Z' },
  { sort: { key: 'title', dir: 'desc' }, label: 'Title Z–A' },
  { sort: { key: 'site', dir: 'asc' }, label: 'Site A–Z' },
  { sort: { key: 'relevance', dir: 'desc' }, label: 'Relevance' },
  { sort: { key: 'manual', dir: 'asc' }, label: 'Manual order' },
];
