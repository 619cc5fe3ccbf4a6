import type { InvalidateQueryFilters, QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { onLibraryChange } from '@/lib/messaging/library-changes';

/**
 * Each extension page (popup, options, side panel) has its own query cache, and a query is fetched again
 * only when something asks for it: without this, a side panel that said "Sign in to chat" still says it
 * after the user signed in on the options page, and a key added there leaves the panel's models without
 * one. So when a page changes a query (sets its data or invalidates it), the other pages are told its key
 * and invalidate theirs: each fetches it again from the background if it shows it. Only keys travel,
 * never data; the background stays the one source. Saves the background makes by itself are announced
 * (lib/messaging/library-changes.ts): the queries marked `meta: SHOWS_LIBRARY` are fetched again.
 */
const QUERY_CHANGES_CHANNEL = 'trove:query-changes';

/** The `meta` of a query that shows the user's library (gems, collections, tags). */
export const SHOWS_LIBRARY = { library: true };

/** A change this page made itself: a fetch's answer is not one (every page fetches its own). */
const isOwnChange = (event: QueryCacheNotifyEvent) =>
  event.type === 'updated' &&
  (event.action.type === 'invalidate' || (event.action.type === 'success' && event.action.manual === true));

/** Shares `queryClient`'s changes with the other pages, and takes theirs; returns the stop. */
export function shareQueryChanges(queryClient: QueryClient, channelName = QUERY_CHANGES_CHANNEL): () => void {
  const channel = new BroadcastChannel(channelName);
  // Invalidating what was changed elsewhere notifies this cache synchronously: not a change to send on.
  let applying = false;
  const apply = (filters: InvalidateQueryFilters) => {
    applying = true;
    try {
      void queryClient.invalidateQueries(filters);
    } finally {
      applying = false;
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!applying && isOwnChange(event)) channel.postMessage(event.query.queryKey);
  });
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (Array.isArray(data)) apply({ queryKey: data as QueryKey, exact: true });
  };
  const stopLibrary = onLibraryChange(() => apply({ predicate: (query) => query.meta?.library === true }));
  return () => {
    unsubscribe();
    stopLibrary();
    channel.close();
  };
}
