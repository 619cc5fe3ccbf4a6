import { useCallback, useEffect, useState } from 'react';
import { viewPrefsItem } from '@/lib/library/prefs';
import { type LibrarySource, sourceKey } from '@/lib/library/sources';
import { DEFAULT_VIEW_PREFS, readViewPrefs, type ViewPrefs } from '@/lib/library/view-prefs';

/** Where a source's view and sort are kept: each collection (or tag, or fixed view) its own, all searches one. */
export const prefsKey = (source: LibrarySource) => (source.kind === 'search' ? 'search' : sourceKey(source));

/** A search is best read by relevance, until the user picks another order. */
const defaultsFor = (key: string): ViewPrefs =>
  key === 'search' ? { ...DEFAULT_VIEW_PREFS, sort: { key: 'relevance', dir: 'desc' } } : DEFAULT_VIEW_PREFS;

/** The stored prefs as last read or written on this page: a source's first render asks for its remembered order. */
let known: Record<string, ViewPrefs> = {};

/** Reads the stored prefs (before the page renders: components/library/prefetch.ts). */
export async function readStoredViewPrefs() {
  known = await viewPrefsItem.getValue();
}

/** The view and sort of the source `key` names as last known on this page. */
export const storedViewPrefs = (key: string) => readViewPrefs(known, key, defaultsFor(key));

/** The view and sort of the source `key` names, remembered in extension storage. */
export function useViewPrefs(key: string) {
  const [prefs, setPrefs] = useState<ViewPrefs>(() => storedViewPrefs(key));
  useEffect(() => {
    let live = true;
    void viewPrefsItem.getValue().then((all) => {
      known = all;
      if (live) setPrefs(readViewPrefs(all, key, defaultsFor(key)));
    });
    return () => {
      live = false;
    };
  }, [key]);
  const change = useCallback(
    (next: Partial<ViewPrefs>) => {
      setPrefs((current) => {
        const merged = { ...current, ...next };
        known = { ...known, [key]: merged };
        void viewPrefsItem.getValue().then((all) => viewPrefsItem.setValue({ ...all, [key]: merged }));
        return merged;
      });
    },
    [key],
  );
  return [prefs, change] as const;
}
