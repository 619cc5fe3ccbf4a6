import type { UiError } from './call-error';
import { apiErrorSchema } from './core-contract';

/** Reads an error answer's envelope into a UiError, keeping the server's message and field errors. */
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
