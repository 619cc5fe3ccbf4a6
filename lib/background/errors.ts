import { apiErrorSchema } from '../api/contract';
import type { UiError } from '../messaging/protocol';

/** A failed call, carrying what the UI shows. */
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

/** Turns an HTTP error response into a UiError, keeping the server's message and field errors. */
export async function errorFromResponse(response: Response): Promise<UiError> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
  const message = parsed.success ? parsed.data.error.message : `The server answered ${response.status}`;
  const details = parsed.success
    ? (parsed.data.error.details as { errors?: UiError['fields'] } | undefined)
    : undefined;
  const kind: UiError['kind'] =
    response.status === 401
      ? 'signed-out'
      : response.status === 404
        ? 'not-found'
        : response.status >= 400 && response.status < 500
          ? 'invalid'
          : 'server';
  return { kind, status: response.status, message, ...(details?.errors ? { fields: details.errors } : {}) };
}

export function toUiError(error: unknown): UiError {
  if (error instanceof CallError) return error.ui;
  return { kind: 'unknown', status: 0, message: error instanceof Error ? error.message : String(error) };
}
