import { useCallback, useEffect, useState } from 'react';
import { expandedCollectionsItem } from '@/lib/library/prefs';

/** Which collections are open in the sidebar's tree, read from and written to extension storage. */
export function useExpandedCollections() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    let live = true;
    void expandedCollectionsItem.getValue().then((ids) => {
      if (live) setOpen(new Set(ids));
    });
    return () => {
      live = false;
    };
  }, []);
  const toggle = useCallback((id: number) => {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      void expandedCollectionsItem.setValue([...next]);
      return next;
    });
  }, []);
  /** Opens a collection (one a move put something into), leaving the others as they are. */
  const show = useCallback((id: number) => {
    setOpen((current) => {
      if (current.has(id)) return current;
      const next = new Set([...current, id]);
      void expandedCollectionsItem.setValue([...next]);
      return next;
    });
  }, []);
  return { isOpen: (id: number) => open.has(id), toggle, show };
}
