import { createContext, type ReactNode, useContext } from 'react';
import type { BackgroundClient, Result, UiError } from '@/lib/messaging/protocol';

const BackgroundContext = createContext<BackgroundClient | null>(null);

export function BackgroundProvider({ client, children }: { client: BackgroundClient; children: ReactNode }) {
  return <BackgroundContext.Provider value={client}>{children}</BackgroundContext.Provider>;
}

export function useBackground(): BackgroundClient {
  const client = useContext(BackgroundContext);
  if (!client) throw new Error('useBackground needs a BackgroundProvider');
  return client;
}

/** A failed background call as an Error, so React Query and forms can carry it. */
export class BackgroundError extends Error {
  constructor(readonly ui: UiError) {
    super(ui.message);
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new BackgroundError(result.error);
  return result.data;
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
