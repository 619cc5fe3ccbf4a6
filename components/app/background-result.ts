import type { Result, UiError } from '@/lib/messaging/protocol';

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

/** The server could not be reached (the page says so once, not in every section). */
export const isOffline = (error: unknown) => error instanceof BackgroundError && error.ui.kind === 'offline';
