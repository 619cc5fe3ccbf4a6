import type { AccessSource } from '@/lib/chat/panel-transport';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { unwrap } from './background-result';

/**
 * How a page that calls the server itself (the side panel, the library) gets its access token: lent by the
 * background and kept; asked for again only when the server refuses it (or on first use), so a call does not
 * wait on the service worker, which the browser may have stopped. No React here: the library's first script uses it.
 */
export function lentAccessFrom(background: BackgroundClient): AccessSource {
  let lent: ReturnType<AccessSource> | null = null;
  return (refresh: boolean) => {
    if (refresh || !lent) {
      lent = background.getLentAccess({ refresh }).then(unwrap);
      lent.catch(() => {
        lent = null;
      });
    }
    return lent;
  };
}
