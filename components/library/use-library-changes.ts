import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { announceLibraryChange } from '@/lib/messaging/library-changes';
import { libraryKeys } from './queries';

/** After a change made here: this page fetches its library again, and the other open pages are told. */
export function useLibraryChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    announceLibraryChange();
  }, [queryClient]);
}
