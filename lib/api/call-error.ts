/* No zod here: the popup's first script imports this file (the error envelope is read in read-error.ts). */

/** What the UI is told about a failure: enough to show a clear message and to highlight a field. */
export interface UiError {
  kind: 'offline' | 'signed-out' | 'invalid' | 'not-found' | 'server' | 'unknown';
  status: number;
  message: string;
  fields?: { path: string; message: string }[];
}

/**
 * A failed call to the server (or to the background, for the pages), carrying what the UI shows: the one error class
 * of every client.
 */
export class CallError extends Error {
  constructor(readonly ui: UiError) {
    super(ui.message);
  }
}

export const signedOutError = (message = 'Your session has ended. Please sign in again.'): UiError => ({
  kind: 'signed-out',
  status: 401,
  message,
});

export const offlineError = (serverUrl: string): UiError => ({
  kind: 'offline',
  status: 0,
  message: `Can't reach the Trove server at ${serverUrl}. Check that it is running and the address is right.`,
});

export const notUnderstoodError = (status: number): UiError => ({
  kind: 'server',
  status,
  message: 'The server sent an answer Trove does not understand.',
});

export function toUiError(error: unknown): UiError {
  if (error instanceof CallError) return error.ui;
  return { kind: 'unknown', status: 0, message: error instanceof Error ? error.message : String(error) };
}
