import { createContext, type ReactNode, useContext } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/** The server could not be reached (the page says so once, not in every section). */
export const isOffline = (error: unknown) => error instanceof BackgroundError && error.ui.kind === 'offline';

/**
 * Puts a failed call's field errors on the form fields they name (a server path such as
 * `data.title` names the field `title`) and returns what is left to show above the form, if anything.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  formFields: string[],
  setError: UseFormSetError<T>,
): string | null {
  const fields = error instanceof BackgroundError ? (error.ui.fields ?? []) : [];
  if (!fields.length) return errorMessage(error);
  const unplaced = fields.filter((f) => {
    const name = f.path.replace(/^data\./, '');
    if (!formFields.includes(name)) return true;
    setError(name as Path<T>, { message: f.message });
    return false;
  });
  return unplaced.length ? unplaced.map((f) => f.message).join(' ') : null;
}
