import type { QueryClient } from '@tanstack/react-query';
import { isWebAddress } from '@/lib/api/web-address';
import type { ActiveTab, BackgroundClient } from '@/lib/messaging/protocol';
import {
  activePageQuery,
  activeTabQuery,
  collectionsQuery,
  gemsAtUrlQuery,
  queueQuery,
  sessionQuery,
  sharedCollectionsQuery,
  suggestionSettingsQuery,
  tagsQuery,
} from '../app/queries';

/**
 * Asks the background everything the popup will show, as its queries will (use-save-popup.ts and the
 * queue status), before React and the form have loaded: the session, the tab and the queue at once;
 * once the session says someone is signed in, the page read, the collections (theirs and those shared with them) and
 * tags, the suggestions' setting and whether the tab's address is saved already (signed out, nothing reaches the
 * server and the page is not read).
 * The popup's first render then has whatever has answered by then, and no question is asked twice.
 * Resolves to the tab once the browser has answered (undefined if it could not), for the popup's first paint.
 */
export function prefetchSavePopup(
  queryClient: QueryClient,
  background: BackgroundClient,
): Promise<ActiveTab | undefined> {
  void queryClient.prefetchQuery(queueQuery(background));
  const tab = queryClient.fetchQuery(activeTabQuery(background));
  const signedIn = queryClient.fetchQuery(sessionQuery(background)).then((session) => !!session.user);
  void Promise.all([signedIn, tab])
    .then(([signedIn, tab]) => {
      if (!signedIn) return;
      void queryClient.prefetchQuery(activePageQuery(background, tab.tabId));
      void queryClient.prefetchQuery(collectionsQuery(background));
      void queryClient.prefetchQuery(sharedCollectionsQuery(background));
      void queryClient.prefetchQuery(tagsQuery(background));
      void queryClient.prefetchQuery(suggestionSettingsQuery(background));
      if (isWebAddress(tab.url)) void queryClient.prefetchQuery(gemsAtUrlQuery(background, tab.url));
    })
    // A failed session or tab is the popup's to show (its queries hold the error); nothing more to ask.
    .catch(() => {});
  return tab.catch(() => undefined);
}
