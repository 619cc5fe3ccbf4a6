import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AccessChange } from '@/lib/api/access-events-contract';
import { CallError } from '@/lib/api/call-error';
import { useLibraryApi } from './library-api-context';
import { libraryKeys } from './queries';

/** Waits before reopening after a failure, longer each time in a row (the server away, the network down). */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A tab hidden this long closes its stream; shown again, it reopens it and reads the library again. */
export const HIDDEN_CLOSE_MS = 60_000;
/** A library that changes on and on (an import running elsewhere) is read again at most this often. */
export const LIBRARY_REREAD_MS = 2_000;

/**
 * Keeps the library's stream of access changes (GET /api/access-events) open while the page is shown: on each change
 * the library's lists are read again (Shared with me, the sidebar, the results) and `onChange` hears it; they are read
 * again too when the stream says a library the user reads changed elsewhere (at most every LIBRARY_REREAD_MS). A stream
 * the server ends after its time is reopened at once; one that failed after a backoff; a refused sign-in stops it
 * (the page then shows signed out and unmounts the library).
 */
export function useAccessEvents(onChange: (change: AccessChange | null) => void) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const heard = useRef(onChange);
  heard.current = onChange;

  useEffect(() => {
    let stream: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let hiding: ReturnType<typeof setTimeout> | undefined;
    let reread: ReturnType<typeof setTimeout> | undefined;
    let rereadAt = 0;
    let failures = 0;
    /** A stream was closed after it was ready: changes may have been missed, so the next `ready` reads all again. */
    let missed = false;
    let over = false;

    const refetch = () => {
      clearTimeout(reread);
      reread = undefined;
      rereadAt = Date.now();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    };
    const libraryChanged = () => {
      reread ??= setTimeout(refetch, Math.max(0, rereadAt + LIBRARY_REREAD_MS - Date.now()));
    };
    const open = () => {
      if (stream || over) return;
      const controller = new AbortController();
      stream = controller;
      void (async () => {
        let stopped = false;
        try {
          for await (const event of await api.accessEvents.events(controller.signal)) {
            if (event.type === 'ready') {
              failures = 0;
              if (missed) {
                refetch();
                heard.current(null);
              }
              missed = true;
            } else if (event.type === 'library') libraryChanged();
            else {
              refetch();
              heard.current(event.change);
            }
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          failures += 1;
          stopped = error instanceof CallError && error.ui.kind === 'signed-out';
        }
        if (stream !== controller) return;
        stream = null;
        if (over || stopped) return;
        retry = setTimeout(open, failures ? (BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] ?? 0) : 0);
      })();
    };
    const close = () => {
      clearTimeout(retry);
      stream?.abort();
      stream = null;
    };
    const onVisibility = () => {
      clearTimeout(hiding);
      if (document.visibilityState === 'hidden') hiding = setTimeout(close, HIDDEN_CLOSE_MS);
      else open();
    };

    open();
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      over = true;
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hiding);
      clearTimeout(reread);
      close();
    };
  }, [api, queryClient]);
}
