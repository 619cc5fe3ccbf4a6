import { offlineError } from '../api/call-error';
import { healthApi } from '../api/routes/health';
import type { ServerCheck, UiError } from '../messaging/protocol';
import { normaliseServerUrl } from './server-url';

const CHECK_TIMEOUT_MS = 5000;

/**
 * Asks the address whether a Trove server answers there (`GET /api/health`), before anything is
 * saved or signed in. The answer is the check's result, not a failure of the call (so nothing is
 * recorded in the diagnostics' recent errors): `problem` says which of three went wrong, if any —
 * not an address, nothing answering, or something that is not Trove.
 */
export async function checkServer(input: string): Promise<ServerCheck> {
  let serverUrl: string;
  try {
    serverUrl = normaliseServerUrl(input);
  } catch (error) {
    return { serverUrl: input, problem: { kind: 'invalid', status: 0, message: (error as Error).message } };
  }
  const problem = await probe(serverUrl);
  return { serverUrl, problem };
}

async function probe(serverUrl: string): Promise<UiError | null> {
  let response: Response;
  try {
    // an address being checked, not the stored one: a plain fetch, not the signed-in client
    response = await fetch(`${serverUrl}${healthApi.check.path}`, {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch {
    return offlineError(serverUrl);
  }
  const body = await response.json().catch(() => null);
  if (response.ok && healthApi.check.responses[200].schema.safeParse(body).success) return null;
  return {
    kind: 'invalid',
    status: response.status,
    message: `${serverUrl} answers, but it is not a Trove server (or not a ready one). Check the address.`,
  };
}
