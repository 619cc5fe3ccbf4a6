import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateGemInput, Gem } from '@/lib/api/contract';
import { saveEndpointFor } from '@/lib/api/save-endpoints';
import type { ActivePage } from '@/lib/messaging/protocol';
import { BackgroundError, useBackground } from '../app/background-context';
import {
  activePageQuery,
  activeTabQuery,
  collectionsQuery,
  gemsAtUrlQuery,
  keys,
  sessionQuery,
  tagsQuery,
} from '../app/queries';
import { isSignedOut } from '../app/query-client';

/** What the popup shows after a save: the gem on the server (new or updated), or queued on this device. */
export type SaveResult = { status: 'saved'; gem: Gem; updated: boolean } | { status: 'queued' };

export const isWebPage = (url: string) => /^https?:/.test(url);

/**
 * The popup's data and actions: the session, the tab (at once), the page read from it (later), the
 * user's collections and tags, the gem already saved at this address, and saving, undoing and deleting.
 */
export function useSavePopup() {
  const background = useBackground();
  const queryClient = useQueryClient();
  // One key per save: a double click or a retry of the same save never makes two gems (an undo starts a new one).
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [result, setResult] = useState<SaveResult | null>(null);

  const session = useQuery(sessionQuery(background));
  const signedIn = !!session.data?.user;
  const tab = useQuery({ ...activeTabQuery(background), enabled: signedIn });
  const page = useQuery({ ...activePageQuery(background), enabled: signedIn });
  const collections = useQuery({ ...collectionsQuery(background), enabled: signedIn });
  const tags = useQuery({ ...tagsQuery(background), enabled: signedIn });
  const url = tab.data?.url ?? '';
  const savedHere = useQuery({ ...gemsAtUrlQuery(background, url), enabled: signedIn && isWebPage(url) });
  const existing = savedHere.data?.[0];

  // Offline, the form still works (the save is queued); only the "already saved?" check is skipped.
  const lookupOffline = savedHere.error instanceof BackgroundError && savedHere.error.ui.kind === 'offline';
  const failures = [session, tab, collections, tags, ...(lookupOffline ? [] : [savedHere])]
    .map((q) => q.error)
    .filter(Boolean);
  const loading =
    !tab.data || !collections.data || !tags.data || (savedHere.isPending && savedHere.fetchStatus !== 'idle');

  /** The page as read from the tab; a save made before the extract arrived waits for it. */
  const fullPage = async (): Promise<ActivePage> =>
    page.data ?? (await queryClient.ensureQueryData(activePageQuery(background)));

  const save = async (build: (page: ActivePage) => CreateGemInput) => {
    const gem = build(await fullPage());
    if (existing) {
      // An update keeps the gem's collection unless one is given (null is not a collection id).
      const updated = await background.updateGem({
        id: existing.id,
        gem: { ...gem, collectionId: gem.collectionId ?? undefined },
      });
      if (!updated.ok) throw new BackgroundError(updated.error);
      setResult({ status: 'saved', gem: updated.data, updated: true });
    } else {
      const payload = { endpoint: saveEndpointFor(gem.media_type), gem };
      const answer = await background.saveGem({ key: idempotencyKey, label: gem.title, payload });
      if (!answer.ok) throw new BackgroundError(answer.error);
      const outcome = answer.data;
      // A refused save stays in the form, with the server's reasons on the fields.
      if (outcome.status === 'failed') throw new BackgroundError(outcome.error);
      setResult(
        outcome.status === 'queued' ? { status: 'queued' } : { status: 'saved', gem: outcome.gem, updated: false },
      );
    }
    void queryClient.invalidateQueries({ queryKey: keys.gemsAtUrl() });
    void queryClient.invalidateQueries({ queryKey: keys.collections });
  };

  /** Deletes a gem (Undo of the save just made, or Delete of the gem already saved here); the popup then offers a fresh save. */
  const deleteGem = async (id: number) => {
    const answer = await background.deleteGem({ id });
    if (!answer.ok) throw new BackgroundError(answer.error);
    setIdempotencyKey(crypto.randomUUID());
    await queryClient.invalidateQueries({ queryKey: keys.gemsAtUrl() });
    void queryClient.invalidateQueries({ queryKey: keys.collections });
    setResult(null);
  };

  return {
    session,
    signedOut: !session.isPending && (!signedIn || failures.some(isSignedOut)),
    tab: tab.data,
    page: page.data,
    collections: collections.data ?? [],
    tags: tags.data ?? [],
    existing,
    lookupOffline,
    failure: failures[0],
    retry: () => queryClient.invalidateQueries(),
    loading,
    defaultCollectionId:
      session.data?.user?.unfiltered_collection_id ?? collections.data?.find((c) => c.isUnfiltered)?.id,
    result,
    save,
    deleteGem,
  };
}
