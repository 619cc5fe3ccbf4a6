import { useCallback } from 'react';
import type { DuplicateGroup } from '@/lib/api/duplicates-contract';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

/**
 * Merging a group of duplicates into the gem to keep. The others go to the trash untouched, so Undo restores them
 * (the kept gem keeps what it gained: tags, notes, filled fields).
 */
export function useMergeDuplicates() {
  const api = useLibraryApi();
  const toast = useToast();
  const changed = useLibraryChanged();
  const undo = useCallback(
    async (ids: number[]) => {
      try {
        await api.restoreGems(ids);
        changed();
        toast('success', ids.length === 1 ? 'The merged gem is back.' : `The ${ids.length} merged gems are back.`);
      } catch (error) {
        toast('error', errorMessage(error));
      }
    },
    [api, changed, toast],
  );
  return useCallback(
    async (group: DuplicateGroup, keepId: number) => {
      try {
        const { gem, trashedIds } = await api.mergeDuplicates(
          group.gems.map((g) => g.id),
          keepId,
        );
        changed();
        const others = trashedIds.length === 1 ? '1 copy' : `${trashedIds.length} copies`;
        toast('success', `Merged ${others} into “${gem.title}”; they are in the trash.`, {
          action: { label: 'Undo', onAction: () => void undo(trashedIds) },
        });
      } catch (error) {
        toast('error', errorMessage(error));
      }
    },
    [api, changed, toast, undo],
  );
}
