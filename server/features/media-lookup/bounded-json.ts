import { readUpTo } from '../../http/bounded-body';
import { ApiError } from '../../http/errors';

export interface OutsideCall {
  /** The service's name, for the user: "Open Library", "OMDb". */
  service: string;
  timeoutMs: number;
  maxBytes: number;
}

/** Up to `maxBytes` of the body; more is a 502. */
async function boundedText(response: Response, { service, maxBytes }: OutsideCall): Promise<string> {
  const { bytes, complete } = await readUpTo(response, maxBytes);
  if (!complete) throw new ApiError(502, `${service} sent back more than ${maxBytes} bytes`);
  return bytes.toString('utf8');
}

/**
 * GET `url` of an outside service within `timeoutMs` (no redirects followed) and its JSON answer, read up to
 * `maxBytes`. `null` for a 404; a failure is a 502 naming the service (no answer in time a 504), never a 500.
 * `url` may hold a key: it is never put in a message.
 */
export async function getJson(url: string, call: OutsideCall): Promise<{ status: number; body: unknown } | null> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: 'manual', headers: { Accept: 'application/json' } });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    const text = await boundedText(response, call);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(502, `${call.service} answered ${response.status} with something that is not JSON`);
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal.aborted) throw new ApiError(504, `${call.service} did not answer within ${call.timeoutMs / 1000} s`);
    throw new ApiError(502, `${call.service} could not be reached`);
  }
}
