import { useCallback, useEffect, useState } from 'react';
import { gemIdFromHash } from '@/lib/library/open-library';

/** The open gem, kept in the address (`#gem=<id>`) so a link, a reload or Back opens the same sheet. */
export function useGemHash() {
  const [gemId, setGemId] = useState(() => gemIdFromHash(location.hash));
  useEffect(() => {
    const read = () => setGemId(gemIdFromHash(location.hash));
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const open = useCallback((id: number | null) => {
    setGemId(id);
    const hash = id === null ? '' : `#gem=${id}`;
    if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  }, []);
  return [gemId, open] as const;
}
