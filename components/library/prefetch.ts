import type { QueryClient } from '@tanstack/react-query';
import type { AccessSource } from '@/lib/chat/panel-transport';
import { createLibraryApi } from '@/lib/library/library-api';
import { ALL_GEMS } from '@/lib/library/sources';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { sessionQuery } from '../app/queries';
import { libraryCollectionsQuery, libraryGemsQuery, libraryTagsQuery } from './queries';
import { prefsKey, readStoredViewPrefs, storedViewPrefs } from './use-view-prefs';

/**
 * What the library shows first, asked for before React renders and side by side: the session, the lent token,
 * the first page of all gems in its remembered order, and the sidebar's collections and tags. Rendered first, the
 * page asked them one after another (session → token → gems); bench/library-bench.ts measures the opening.
 * Resolves once the stored view is known (the first render asks for that order); the requests go on.
 */
export async function prefetchLibrary(queryClient: QueryClient, background: BackgroundClient, access: AccessSource) {
  void queryClient.prefetchQuery(sessionQuery(background));
  const api = createLibraryApi(access);
  void queryClient.prefetchQuery(libraryCollectionsQuery(api));
  void queryClient.prefetchQuery(libraryTagsQuery(api));
  await readStoredViewPrefs();
  const { sort } = storedViewPrefs(prefsKey(ALL_GEMS));
  void queryClient.prefetchInfiniteQuery(libraryGemsQuery(api, ALL_GEMS, sort, ''));
}
