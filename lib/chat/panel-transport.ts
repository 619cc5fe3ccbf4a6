import { CallError, offlineError, signedOutError } from '../api/call-error';
import type { Transport } from '../api/client';
import { errorFromResponse } from '../api/read-error';
import type { LentAccess } from '../messaging/types';

/** The server's address and an access token, lent by the background (fresh when `refresh` is set). */
export type AccessSource = (refresh: boolean) => Promise<LentAccess>;

/**
 * The side panel's transport (lib/api/client.ts): it calls the server itself with a short-lived token borrowed from
 * the background (answers stream straight from the server, never through the service worker); a refused token is
 * renewed once through the background. It never sees the refresh token, nor imports the background's code.
 */
export function panelTransport(access: AccessSource): Transport {
  return async (request) => {
    for (const refresh of [false, true]) {
      const { serverUrl, token } = await access(refresh);
      let response: Response;
      try {
        response = await fetch(`${serverUrl}/${request.target}`, {
          method: request.method.toUpperCase(),
          headers: { ...request.headers, Authorization: `Bearer ${token}` },
          body: request.body,
          signal: request.signal,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new CallError(offlineError(serverUrl));
      }
      if (response.status === 401 && !refresh) continue;
      if (!response.ok) throw new CallError(await errorFromResponse(response));
      return response;
    }
    throw new CallError(signedOutError());
  };
}
