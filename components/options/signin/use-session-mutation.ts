import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/messaging/protocol';
import { appKeys } from '../../app/queries';

/** A call that signs in, up or out: its session replaces the page's, and the gems are read again. */
export function useSessionMutation<T>(call: (input: T) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      queryClient.setQueryData(appKeys.session, session);
      void queryClient.invalidateQueries({ queryKey: appKeys.gems });
    },
  });
}
