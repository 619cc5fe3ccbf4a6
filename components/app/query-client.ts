import { QueryClient } from '@tanstack/react-query';
import { CallError } from '@/lib/api/call-error';

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

export const isSignedOut = (error: unknown) => error instanceof CallError && error.ui.kind === 'signed-out';
