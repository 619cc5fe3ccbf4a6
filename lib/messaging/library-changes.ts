/**
 * The background also saves by itself (the right-click menu, the keyboard shortcut, the offline queue
 * sending what waited) while pages may be showing the library. It says so on this channel, and each
 * open page fetches again its queries that show the library (components/app/share-query-changes.ts).
 */
const LIBRARY_CHANGES_CHANNEL = 'trove:library-changes';

let announcer: BroadcastChannel | undefined;

/** Tells the open pages that the library changed. */
export function announceLibraryChange(): void {
  announcer ??= new BroadcastChannel(LIBRARY_CHANGES_CHANNEL);
  announcer.postMessage('changed');
}

/** Calls `listener` whenever the library is announced changed; returns the stop. */
export function onLibraryChange(listener: () => void): () => void {
  const channel = new BroadcastChannel(LIBRARY_CHANGES_CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
