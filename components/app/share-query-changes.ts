import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Each extension page (popup, options, side panel) has its own query cache, and a query is fetched again
 * only when something asks for it: without this, a side panel that said "Sign in to chat" still says it
 * after the user signed in on the options page, and a key added there leaves the panel's models without
 * one. So when a page changes a query (sets its data or invalidates it), the other pages are told its key
 * and invalidate theirs: each fetches it again from the background if it shows it. Only keys travel,
 * never data; the background stays the one source.
 */
const QUERY_CHANGES_CHANNEL = 'trove:query-changes';

/** A change this page made itself: a fetch's answer is not one (every page fetches its own). */
const isOwnChange = (event: QueryCacheNotifyEvent) =>
  event.type === 'updated' &&
  (event.action.type === 'invalidate' || (event.action.type === 'success' && event.action.manual === true));

/** Shares `queryClient`'s changes with the other pages, and takes theirs; returns the stop. */
export function shareQueryChanges(queryClient: QueryClient, channelName = QUERY_CHANGES_CHANNEL): () => void {
  const channel = new BroadcastChannel(channelName);
  // Invalidating what another page changed notifies this cache synchronously: not to be sent back.
  let applying = false;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!applying && isOwnChange(event)) channel.postMessage(event.query.queryKey);
  });
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (!Array.isArray(data)) return;
    applying = true;
    try {
      void queryClient.invalidateQueries({ queryKey: data as QueryKey, exact: true });
    } finally {
      applying = false;
    }
  };
  return () => {
    unsubscribe();
    channel.close();
  };
}
