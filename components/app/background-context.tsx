import { createContext, type ReactNode, useContext } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { CallError } from '@/lib/api/call-error';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { errorMessage } from './background-result';

// Most pages import these with the context; the popup's first script imports them without React.
export { errorMessage, isOffline, unwrap } from './background-result';

const BackgroundContext = createContext<BackgroundClient | null>(null);

export function BackgroundProvider({ client, children }: { client: BackgroundClient; children: ReactNode }) {
  return <BackgroundContext.Provider value={client}>{children}</BackgroundContext.Provider>;
}

export function useBackground(): BackgroundClient {
  const client = useContext(BackgroundContext);
  if (!client) throw new Error('useBackground needs a BackgroundProvider');
  return client;
}

/**
 * Puts a failed call's field errors on the form fields they name (a server path such as
 * `data.title` names the field `title`) and returns what is left to show above the form, if anything.
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  formFields: string[],
  setError: UseFormSetError<T>,
): string | null {
  const fields = error instanceof CallError ? (error.ui.fields ?? []) : [];
  if (!fields.length) return errorMessage(error);
  const unplaced = fields.filter((f) => {
    const name = f.path.replace(/^data\./, '');
    if (!formFields.includes(name)) return true;
    setError(name as Path<T>, { message: f.message });
    return false;
  });
  return unplaced.length ? unplaced.map((f) => f.message).join(' ') : null;
}
