import { useCallback, useEffect, useState } from 'react';
import { viewPrefsItem } from '@/lib/library/prefs';
import { DEFAULT_VIEW_PREFS, readViewPrefs, type ViewPrefs } from '@/lib/library/view-prefs';

/** The view and sort of the source `key` names, remembered in extension storage. */
export function useViewPrefs(key: string) {
  const [prefs, setPrefs] = useState<ViewPrefs>(DEFAULT_VIEW_PREFS);
  useEffect(() => {
    let live = true;
    void viewPrefsItem.getValue().then((all) => {
      if (live) setPrefs(readViewPrefs(all, key));
    });
    return () => {
      live = false;
    };
  }, [key]);
  const change = useCallback(
    (next: Partial<ViewPrefs>) => {
      setPrefs((current) => {
        const merged = { ...current, ...next };
        void viewPrefsItem.getValue().then((all) => viewPrefsItem.setValue({ ...all, [key]: merged }));
        return merged;
      });
    },
    [key],
  );
  return [prefs, change] as const;
}
