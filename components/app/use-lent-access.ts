import { useMemo } from 'react';
import type { LentAccess } from '@/lib/messaging/types';
import { unwrap, useBackground } from './background-context';

/**
 * How a page that calls the server itself (the side panel, the library) gets its access token: lent by the
 * background and kept; asked for again only when the server refuses it (or on first use), so a call does not
 * wait on the service worker, which the browser may have stopped.
 */
export function useLentAccess(): (refresh: boolean) => Promise<LentAccess> {
  const background = useBackground();
  return useMemo(() => {
    let lent: Promise<LentAccess> | null = null;
    return (refresh: boolean) => {
      if (refresh || !lent) {
        lent = background.getLentAccess({ refresh }).then(unwrap);
        lent.catch(() => {
          lent = null;
        });
      }
      return lent;
    };
  }, [background]);
}
