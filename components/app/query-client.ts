import { QueryClient } from '@tanstack/react-query';
import { BackgroundError } from './background-result';

/**
 * Background calls are local messages; the background itself reports network trouble, so React Query does not retry.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const isSignedOut = (error: unknown) => error instanceof BackgroundError && error.ui.kind === 'signed-out';
