import { useCallback } from 'react';
import type { GemSummary } from '@/lib/api/contract';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

/** The trash's commands: put a gem back (with its collection, or Unfiltered if that is gone), or empty it all. */
export function useTrash() {
  const api = useLibraryApi();
  const toast = useToast();
  const changed = useLibraryChanged();
  const restore = useCallback(
    async (gem: GemSummary) => {
      try {
        await api.restoreGems([gem.id]);
        changed();
        toast('success', `Restored ${gem.title}.`);
      } catch (error) {
        toast('error', errorMessage(error));
      }
    },
    [api, changed, toast],
  );
  const empty = useCallback(async () => {
    try {
      const data = await api.emptyTrash();
      changed();
      toast('info', data.deleted === 1 ? '1 gem deleted for good.' : `${data.deleted} gems deleted for good.`);
    } catch (error) {
      toast('error', errorMessage(error));
    }
  }, [api, changed, toast]);
  return { restore, empty };
}
