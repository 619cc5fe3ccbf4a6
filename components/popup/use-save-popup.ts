import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CallError } from '@/lib/api/call-error';
import type { CreateGemInput, GemSummary } from '@/lib/api/contract';
import { saveEndpointFor } from '@/lib/api/save-endpoints';
import { isWebAddress } from '@/lib/api/web-address';
import { type ActivePage, isPageMediaType } from '@/lib/messaging/protocol';
import { useBackground } from '../app/background-context';
import {
  activePageQuery,
  activeTabQuery,
  appKeys,
  collectionsQuery,
  gemsAtUrlQuery,
  queueQuery,
  sessionQuery,
  sharedCollectionsQuery,
  tagsQuery,
} from '../app/queries';
import { isSignedOut } from '../app/query-client';

const isPageGem = (gem: GemSummary) => isPageMediaType(gem.media_type);

/** What the popup shows after a save: the gem on the server (new or updated), or queued on this device. */
export type SaveResult = { status: 'saved'; gem: GemSummary; updated: boolean } | { status: 'queued' };

/**
 * The popup's data and actions: the session and the tab (at once: the form is shown with them), then,
 * filled in as they arrive, the page read from the tab, the user's collections and tags and the gem
 * already saved at this address; and saving, undoing and deleting.
 */
export function useSavePopup() {
  const background = useBackground();
  const queryClient = useQueryClient();
  // One key per save: a double click or a retry of the same save never makes two gems (an undo starts a new one).
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [result, setResult] = useState<SaveResult | null>(null);

  const session = useQuery(sessionQuery(background));
  const signedIn = !!session.data?.user;
  // The tab is only the browser's own answer (no server, no page read): asked beside the session, not after it.
  const tab = useQuery(activeTabQuery(background));
  const pageQuery = activePageQuery(background, tab.data?.tabId ?? null);
  const page = useQuery({ ...pageQuery, enabled: signedIn && tab.isSuccess });
  const collections = useQuery({ ...collectionsQuery(background), enabled: signedIn });
  const tags = useQuery({ ...tagsQuery(background), enabled: signedIn });
  // Shared collections join the picker when they arrive; the form does not wait for them, and without them (an
  // error) the user's own collections still take the save.
  const sharedCollections = useQuery({ ...sharedCollectionsQuery(background), enabled: signedIn });
  // The queue's banner sits above the form: the form waits for it (a local answer, asked with the tab) so that
  // the banner never pushes a form already shown down.
  const queue = useQuery(queueQuery(background));
  const url = tab.data?.url ?? '';
  const savedHere = useQuery({ ...gemsAtUrlQuery(background, url), enabled: signedIn && isWebAddress(url) });
  // Quotes, code and images saved from this page by the right-click menu carry its address too; only a gem
  // of the page itself is "already saved here".
  const existing = savedHere.data?.find(isPageGem);

  // Offline, the form still works (the save is queued); only the "already saved?" check is skipped. An
  // address the server refuses to look up (too long) still gets the form, whose URL field says why.
  const lookupKind = savedHere.error instanceof CallError ? savedHere.error.ui.kind : undefined;
  const lookupOffline = lookupKind === 'offline';
  const lookupSkipped = lookupOffline || lookupKind === 'invalid';
  const failures = [session, tab, collections, tags, ...(lookupSkipped ? [] : [savedHere])]
    .map((q) => q.error)
    .filter(Boolean);
  const lookingUp = savedHere.isPending && savedHere.fetchStatus !== 'idle';
  // The form shows once the tab is known; the rest fills it in (until then it is aria-busy).
  const filledIn = !!page.data && !!collections.data && !!tags.data && !lookingUp;

  /** The gem saved at this address, once the look-up has answered (a save made before it waits for it). */
  const savedGem = async (): Promise<GemSummary | undefined> => {
    if (!lookingUp) return existing;
    const found = await queryClient.ensureQueryData(gemsAtUrlQuery(background, url)).catch(() => []);
    return found.find(isPageGem);
  };

  /** The page as read from the tab; a save made before the extract arrived waits for it. */
  const fullPage = async (): Promise<ActivePage> => page.data ?? (await queryClient.ensureQueryData(pageQuery));

  const save = async (build: (page: ActivePage) => CreateGemInput) => {
    const [full, saved] = await Promise.all([fullPage(), savedGem()]);
    // Saved before the look-up answered that the page is already saved: no second gem; the form turns
    // into that gem's edit form (the look-up's answer re-renders it), where the user sees what is there.
    if (saved && !existing) return;
    const gem = build(full);
    if (existing) {
      // An update keeps the gem's collection unless one is given (null is not a collection id).
      const updated = await background.updateGem({
        id: existing.id,
        gem: { ...gem, collectionId: gem.collectionId ?? undefined },
      });
      if (!updated.ok) throw new CallError(updated.error);
      setResult({ status: 'saved', gem: updated.data, updated: true });
    } else {
      const payload = { endpoint: saveEndpointFor(gem.media_type), gem };
      const answer = await background.saveGem({ key: idempotencyKey, label: gem.title, payload });
      if (!answer.ok) throw new CallError(answer.error);
      const outcome = answer.data;
      // A refused save stays in the form, with the server's reasons on the fields.
      if (outcome.status === 'failed') throw new CallError(outcome.error);
      setResult(
        outcome.status === 'queued' ? { status: 'queued' } : { status: 'saved', gem: outcome.gem, updated: false },
      );
    }
    void queryClient.invalidateQueries({ queryKey: appKeys.gemsAtUrlAll });
    void queryClient.invalidateQueries({ queryKey: appKeys.collections });
    void queryClient.invalidateQueries({ queryKey: appKeys.sharedCollections });
  };

  /**
   * Deletes a gem (Undo of the save just made, or Delete of the gem already saved here); the popup then offers a fresh
   * save.
   */
  const deleteGem = async (id: number) => {
    const answer = await background.deleteGem({ id });
    if (!answer.ok) throw new CallError(answer.error);
    setIdempotencyKey(crypto.randomUUID());
    await queryClient.invalidateQueries({ queryKey: appKeys.gemsAtUrlAll });
    void queryClient.invalidateQueries({ queryKey: appKeys.collections });
    setResult(null);
  };

  return {
    session,
    signedOut: !session.isPending && (!signedIn || failures.some(isSignedOut)),
    tab: tab.data,
    page: page.data,
    collections: collections.data ?? [],
    sharedCollections: sharedCollections.data ?? [],
    tags: tags.data ?? [],
    existing,
    lookupOffline,
    failure: failures[0],
    retry: () => queryClient.invalidateQueries(),
    loading: !tab.data || queue.isPending,
    filledIn,
    collectionsLoaded: !!collections.data,
    defaultCollectionId:
      session.data?.user?.unfiltered_collection_id ?? collections.data?.find((c) => c.isUnfiltered)?.id,
    result,
    save,
    deleteGem,
  };
}
