import { CallError } from '@/lib/api/call-error';
import type { Result } from '@/lib/messaging/protocol';

/** The data of a background call, or its failure thrown as a CallError, so React Query and forms can carry it. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new CallError(result.error);
  return result.data;
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The server could not be reached (the page says so once, not in every section). */
export const isOffline = (error: unknown) => error instanceof CallError && error.ui.kind === 'offline';
