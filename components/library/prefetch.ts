import type { QueryClient } from '@tanstack/react-query';
import { createLibraryApi } from '@/lib/library/library-api';
import { ALL_GEMS } from '@/lib/library/sources';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { unwrap } from '../app/background-result';
import { sessionQuery } from '../app/queries';
import type { EarlyLibrary } from './early-requests';
import { libraryCollectionsQuery, libraryGemsQuery, libraryTagsQuery } from './queries';
import { prefsKey, readStoredViewPrefs, storedViewPrefs } from './use-view-prefs';

/**
 * How long the first render waits for the first page of gems once the page's code is ready. Its answer has usually
 * come by then: drawn at once, the rows are in React's first render, instead of a skeleton first and the rows a
 * render later, after the requests the first render starts (bench/RESULTS.md). A slow server gets the skeleton.
 */
const FIRST_PAGE_WAIT_MS = 150;

/**
 * What the library shows first, put on the query cache before React renders: the session, the first page of all
 * gems in its remembered order, and the sidebar's collections and tags, from the requests library.html's first
 * script started (early-requests.ts). Rendered first, the page asked them one after another (session → token →
 * gems); bench/library-bench.ts measures the opening. Resolves once the stored view is known (the first render asks
 * for that order) and the first page is on the cache, or FIRST_PAGE_WAIT_MS later; the other requests go on.
 */
export async function prefetchLibrary(queryClient: QueryClient, background: BackgroundClient, early: EarlyLibrary) {
  void queryClient.prefetchQuery({ ...sessionQuery(background), queryFn: async () => unwrap(await early.session) });
  const api = createLibraryApi(early.access, early);
  void queryClient.prefetchQuery(libraryCollectionsQuery(api));
  void queryClient.prefetchQuery(libraryTagsQuery(api));
  await readStoredViewPrefs();
  const { sort } = storedViewPrefs(prefsKey(ALL_GEMS));
  const firstPage = queryClient.prefetchInfiniteQuery(libraryGemsQuery(api, ALL_GEMS, sort, ''));
  await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
