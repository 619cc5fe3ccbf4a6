import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CallError } from '@/lib/api/call-error';
import type { Gem } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { withSubCollections } from '@/lib/library/shared-collections';
import { ALL_GEMS, type LibrarySource } from '@/lib/library/sources';
import { useLibraryApi } from './library-api-context';
import { libraryGemQuery, libraryKeys } from './queries';
import { useAccessEvents } from './use-access-events';
import { useMoves } from './use-moves';

interface Options {
  source: LibrarySource;
  /** Shows another view (All gems, here). */
  show: (source: LibrarySource) => void;
  /** The gem whose sheet is open, and what closes it. */
  openId: number | null;
  closeGem: () => void;
  /** Shared with me, as last read. */
  shared: { collections: SharedItem[]; tags: SharedItem[] } | undefined;
}

const sharedKey = (kind: 'collection' | 'tag', id: number) => `${kind}:${id}`;
const keyOfSource = (source: LibrarySource) =>
  source.kind === 'sharedCollection'
    ? sharedKey('collection', source.id)
    : source.kind === 'sharedTag'
      ? sharedKey('tag', source.id)
      : null;

/**
 * An open library whose access through a share is removed (the owner removed the member, a team dropped them) leaves
 * what it can no longer read at once, without a reload, and says why in the library's notice: the shared collection
 * or tag on screen (once Shared with me, read again on the change, no longer lists it) and the open sheet of a gem
 * that is no longer readable.
 */
export function useLostAccess({ source, show, openId, closeGem, shared }: Options) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const { tell } = useMoves();
  const listed = useRef(new Map<string, SharedItem>());

  useEffect(() => {
    if (!shared) return;
    const items = [...withSubCollections(shared.collections), ...shared.tags];
    const now = new Map(items.map((item) => [sharedKey(item.kind, item.id), item]));
    const key = keyOfSource(source);
    const lost = key && !now.has(key) ? listed.current.get(key) : undefined;
    listed.current = now;
    if (!lost) return;
    show(ALL_GEMS);
    tell(`Your access to "${lost.name}" (shared by ${lost.owner.username}) was removed`);
  }, [shared, source, show, tell]);

  useAccessEvents((change) => {
    // Only a loss (or a stream reopened after changes may have been missed) can make the open gem unreadable.
    if (openId === null || (change && !change.lost.length)) return;
    const title = queryClient.getQueryData<Gem>(libraryKeys.gem(openId))?.title;
    queryClient.fetchQuery(libraryGemQuery(api, openId)).catch((error) => {
      if (!(error instanceof CallError) || error.ui.kind !== 'not-found') return;
      closeGem();
      tell(title ? `Your access to "${title}" was removed` : 'Your access to the open gem was removed');
    });
  });
}
