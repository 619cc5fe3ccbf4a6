import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { unwrap, useBackground } from '../app/background-context';
import { appKeys, collectionsQuery, preferencesQuery } from '../app/queries';
import { flattenCollections } from '../popup/collection-tree';
import { Field } from '../ui/Field';
import { useToast } from '../ui/Toast';

export const QUICK_SAVE_RESET_NOTE =
  'Your quick-save collection is no longer one to save into (AI Chats holds chats, not saves; or it was deleted): quick saves go to Unfiltered now.';

/** Where right-click and keyboard-shortcut saves go. */
export function QuickSaveSettings() {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const preferences = useQuery(preferencesQuery(background));
  const collections = useQuery(collectionsQuery(background));
  const [wasReset, setWasReset] = useState(false);
  const save = useMutation({
    mutationFn: async ({ id }: { id: number | null; reset?: boolean }) =>
      unwrap(await background.setPreferences({ quickSaveCollectionId: id })),
    onSuccess: (prefs, { reset }) => {
      queryClient.setQueryData(appKeys.preferences, prefs);
      if (reset) return;
      setWasReset(false);
      const name = collections.data?.find((c) => c.id === prefs.quickSaveCollectionId)?.name ?? 'Unfiltered';
      toast('success', `Quick saves now go to ${name}.`);
    },
  });
  const chosen = preferences.data?.quickSaveCollectionId ?? null;
  // A choice no longer offered (AI Chats, chosen before it stopped being offered, or a deleted collection) is not
  // shown as Unfiltered while saves are sent elsewhere: it is reset once, and the user told.
  const stale = chosen !== null && collections.data !== undefined && !collections.data.some((c) => c.id === chosen);
  const { mutate } = save;
  useEffect(() => {
    if (!stale || wasReset) return;
    setWasReset(true);
    mutate({ id: null, reset: true });
  }, [stale, wasReset, mutate]);
  if (!preferences.data || !collections.data) return null;
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
