import { z } from 'zod';
import { CallError, offlineError } from './errors';
import { normaliseServerUrl } from './stores';

const healthSchema = z.object({ data: z.object({ status: z.literal('ok') }) });
const CHECK_TIMEOUT_MS = 5000;

/**
 * Asks the address whether a Trove server answers there (`GET /api/health`), before anything is
 * saved or signed in. Resolves with the normalised address; fails with a message that says which
 * of the three went wrong: not an address, nothing answering, or something that is not Trove.
 */
export async function checkServer(input: string): Promise<{ serverUrl: string }> {
  let serverUrl: string;
  try {
    serverUrl = normaliseServerUrl(input);
  } catch (error) {
    throw new CallError({ kind: 'invalid', status: 0, message: (error as Error).message });
  }
  let response: Response;
  try {
    response = await fetch(`${serverUrl}/api/health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), credentials: 'omit' });
  } catch {
    throw new CallError(offlineError(serverUrl));
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || !healthSchema.safeParse(body).success) {
    throw new CallError({
      kind: 'invalid',
      status: response.status,
      message: `${serverUrl} answers, but it is not a Trove server (or not a ready one). Check the address.`,
    });
  }
  return { serverUrl };
}
