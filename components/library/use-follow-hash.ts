import { useEffect, useState } from 'react';

const PREFIX = '#follow=';

/** `username/slug` from `#follow=…`, the address a public page's Follow link opens (README, Following). */
export function followAddressFromHash(hash: string): string | null {
  if (!hash.startsWith(PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(PREFIX.length)).trim() || null;
  } catch {
    return null;
  }
}

/** The collection a `#follow=` address asks to follow (read at load and on hash changes), and a way to drop it. */
export function useFollowHash() {
  const [address, setAddress] = useState(() => followAddressFromHash(location.hash));
  useEffect(() => {
    const read = () => {
      const found = followAddressFromHash(location.hash);
      if (found) setAddress(found);
    };
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const clear = () => {
    setAddress(null);
    if (location.hash.startsWith(PREFIX)) history.replaceState(null, '', `${location.pathname}${location.search}`);
  };
  return [address, clear] as const;
}
