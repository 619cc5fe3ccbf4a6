import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { CallError } from '@/lib/api/call-error';
import { appKeys } from './queries';

export const isSignedOut = (error: unknown) => error instanceof CallError && error.ui.kind === 'signed-out';

/**
 * Background calls are local messages; the background itself reports network trouble, so React Query does not retry.
 * A call refused as signed out (the background has forgotten the sign-in) makes the page read the session again, so
 * an open page switches to its sign-in view instead of showing the refusal in each list.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOut(error) && query.queryKey[0] !== appKeys.session[0]) void sessionAgain(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSignedOut(error)) void sessionAgain(client);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}

const sessionAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: appKeys.session });
