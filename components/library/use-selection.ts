import { useCallback, useEffect, useState } from 'react';
import { type LibrarySource, sourceKey } from '@/lib/library/sources';

/** The gems picked with `x`, for a change to several at once; a new source starts with none. */
export function useSelection(source: LibrarySource) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const key = sourceKey(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the source changes.
  useEffect(() => setIds(new Set()), [key]);
  const toggle = useCallback((id: number) => {
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setIds(new Set()), []);
  return { ids, toggle, clear };
}
