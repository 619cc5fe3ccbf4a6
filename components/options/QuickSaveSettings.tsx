import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, useBackground } from '../app/background-context';
import { collectionsQuery, keys, preferencesQuery } from '../app/queries';
import { flattenCollections } from '../popup/collection-tree';
import { Field } from '../ui/Field';
import { useToast } from '../ui/Toast';

/** Where right-click and keyboard-shortcut saves go. */
export function QuickSaveSettings() {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const preferences = useQuery(preferencesQuery(background));
  const collections = useQuery(collectionsQuery(background));
  const save = useMutation({
    mutationFn: async (id: number | null) => unwrap(await background.setPreferences({ quickSaveCollectionId: id })),
    onSuccess: (prefs) => {
      queryClient.setQueryData(keys.preferences, prefs);
      const name = collections.data?.find((c) => c.id === prefs.quickSaveCollectionId)?.name ?? 'Unfiltered';
      toast('success', `Quick saves now go to ${name}.`);
    },
  });
  if (!preferences.data || !collections.data) return null;
  const options = flattenCollections(collections.data);
  return (
    <section aria-labelledby="quick-save-heading">
      <h2 id="quick-save-heading">Quick saves</h2>
      <Field id="quick-save-collection" label="Right-click and keyboard shortcut saves go to">
        <select
          id="quick-save-collection"
          value={preferences.data.quickSaveCollectionId ?? ''}
          onChange={(e) => save.mutate(e.target.value ? Number(e.target.value) : null)}
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
    </section>
  );
}
