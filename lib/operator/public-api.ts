import { CallError, offlineError } from '../api/call-error';
import { apiClient } from '../api/client';
import { errorFromResponse } from '../api/read-error';
import { operatorApi } from '../api/routes/operator';

/**
 * The signed-out calls of the options page's account forms (what the server offers, "Forgot password?"): no token,
 * so the page calls the server's public routes itself.
 */
export function createPublicApi(serverUrl: string) {
  const client = apiClient(async (request) => {
    let response: Response;
    try {
      response = await fetch(`${serverUrl}/${request.target}`, {
        method: request.method.toUpperCase(),
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
    } catch {
      throw new CallError(offlineError(serverUrl));
    }
    if (!response.ok) throw new CallError(await errorFromResponse(response));
    return response;
  });
  return {
    signInOptions: async () => (await client.call(operatorApi.signInOptions)).data,
    forgotPassword: async (identifier: string) =>
      (await client.call(operatorApi.forgotPassword, { body: { identifier } })).data.message,
  };
}
