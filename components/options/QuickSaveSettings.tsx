import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sharedCollectionLabel } from '@/lib/library/shared-collection-label';
import { unwrap, useBackground } from '../app/background-context';
import { appKeys, collectionsQuery, preferencesQuery, sharedCollectionsQuery } from '../app/queries';
import { flattenCollections } from '../popup/collection-tree';
import { Field } from '../ui/Field';
import { useToast } from '../ui/Toast';

export const QUICK_SAVE_RESET_NOTE =
  'Your quick-save collection is no longer one to save into (AI Chats holds chats, not saves; or it was deleted, or is no longer shared with you to add to): quick saves go to Unfiltered now.';

/** Where right-click and keyboard-shortcut saves go: one of the user's collections, or one shared with them to add to. */
export function QuickSaveSettings() {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const preferences = useQuery(preferencesQuery(background));
  const collections = useQuery(collectionsQuery(background));
  const shared = useQuery(sharedCollectionsQuery(background));
  const [wasReset, setWasReset] = useState(false);
  const save = useMutation({
    mutationFn: async ({ id }: { id: number | null; reset?: boolean }) =>
      unwrap(await background.setPreferences({ quickSaveCollectionId: id })),
    onSuccess: (prefs, { reset }) => {
      queryClient.setQueryData(appKeys.preferences, prefs);
      if (reset) return;
      setWasReset(false);
      const id = prefs.quickSaveCollectionId;
      const sharedOne = shared.data?.find((c) => c.id === id);
      const name = collections.data?.find((c) => c.id === id)?.name ?? (sharedOne && sharedCollectionLabel(sharedOne));
      toast('success', `Quick saves now go to ${name ?? 'Unfiltered'}.`);
    },
  });
  const chosen = preferences.data?.quickSaveCollectionId ?? null;
  // A choice no longer offered (AI Chats, chosen before it stopped being offered, a deleted collection, or a shared one
  // the user may no longer add to) is not shown as Unfiltered while saves are sent elsewhere: it is reset once, and the
  // user told.
  const stale =
    chosen !== null &&
    collections.data !== undefined &&
    shared.data !== undefined &&
    !collections.data.some((c) => c.id === chosen) &&
    !shared.data.some((c) => c.id === chosen);
  const { mutate } = save;
  useEffect(() => {
    if (!stale || wasReset) return;
    setWasReset(true);
    mutate({ id: null, reset: true });
  }, [stale, wasReset, mutate]);
  if (!preferences.data || !collections.data || shared.isPending) return null;
  const options = flattenCollections(collections.data);
  return (
    <section aria-labelledby="quick-save-heading">
      <h2 id="quick-save-heading">Quick saves</h2>
      <Field id="quick-save-collection" label="Right-click and keyboard shortcut saves go to">
        <select
          id="quick-save-collection"
          value={stale ? '' : (chosen ?? '')}
          onChange={(e) => save.mutate({ id: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Unfiltered</option>
          {options
            .filter((o) => !o.collection.isUnfiltered)
            .map((o) => (
              <option key={o.collection.id} value={o.collection.id}>
                {o.path}
              </option>
            ))}
          {shared.data?.length ? (
            <optgroup label="Shared with you">
              {shared.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {sharedCollectionLabel(c)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </Field>
      {wasReset && (
        <p className="hint" role="status">
          {QUICK_SAVE_RESET_NOTE}
        </p>
      )}
    </section>
  );
}
