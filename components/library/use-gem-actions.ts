import { useCallback } from 'react';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

/** What the library does to one gem from a key or the sheet: delete it (to the trash, where the server has one). */
export function useGemActions({ openId, close }: { openId: number | null; close: () => void }) {
  const api = useLibraryApi();
  const toast = useToast();
  const changed = useLibraryChanged();
  const trash = useCallback(
    async (id: number) => {
      try {
        await api.deleteGem(id);
        if (openId === id) close();
        changed();
        toast('info', 'Gem moved to the trash.');
      } catch (error) {
        toast('error', errorMessage(error));
      }
    },
    [api, openId, close, changed, toast],
  );
  return { trash };
}
