import { APICallError, InvalidResponseDataError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { z } from 'zod';
import { boundedUpstreamText } from '../http/outbound';
import { maskKey } from './crypto';

/**
 * A provider failure as one clear sentence for the user: "OpenAI answered 401: Incorrect API key provided.", "Rate
 * limited by Google: try again in 37 s (…)". The AI SDK's own wording is taken off: its retries ("Failed after 3
 * attempts. Last error: …", the last attempt's error is told instead) and its error class names ("AI_APICallError: ").
 * A provider may repeat the key it refused: `key` (the house key, the user's or their endpoint's) is masked in it, and the
 * whole is bounded and cleaned (boundedUpstreamText), since an address a user chose decides that text.
 */
export function describeProviderError(provider: string, error: unknown, key?: string): string {
  const sentence = providerErrorSentence(provider, error);
  return boundedUpstreamText(key && key.length >= 8 ? sentence.replaceAll(key, maskKey(key)) : sentence);
}

function providerErrorSentence(provider: string, error: unknown): string {
  const last = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  if (APICallError.isInstance(last)) return apiCallSentence(provider, last);
  if (
    TypeValidationError.isInstance(last) ||
    JSONParseError.isInstance(last) ||
    InvalidResponseDataError.isInstance(last)
  )
    return `${provider} sent an answer Trove could not read`;
  if (last instanceof Error) return `${provider} failed: ${withoutSdkWords(last.message)}`;
  if (last && typeof last === 'object') {
    const inner =
      (last as { message?: unknown; error?: { message?: unknown } }).error?.message ??
      (last as { message?: unknown }).message;
    if (typeof inner === 'string') return `${provider} failed: ${withoutSdkWords(inner)}`;
    return `${provider} failed: ${JSON.stringify(last)}`;
  }
  return `${provider} failed: ${String(last)}`;
}

function apiCallSentence(provider: string, error: APICallError): string {
  const detail = withoutSdkWords(error.message) || 'no details';
  if (error.statusCode === 429) {
    const seconds = retryAfterSeconds(error);
    return `Rate limited by ${provider}: try again ${seconds === undefined ? 'later' : `in ${seconds} s`} (${detail})`;
  }
  return error.statusCode
    ? `${provider} answered ${error.statusCode}: ${detail}`
    : `Could not reach ${provider}: ${detail}`;
}

const withoutSdkWords = (message: string) =>
  message
    .replace(/Failed after \d+ attempts\.\s*(Last error:\s*)?/g, '')
    .replace(/\bAI_\w+: /g, '')
    .trim();

/** Google's error body: `details` may hold a `google.rpc.RetryInfo` with its `retryDelay` ("37s"). */
const googleRetryInfo = z.object({
  error: z.object({
    details: z.array(z.looseObject({ '@type': z.string().optional(), retryDelay: z.string().optional() })),
  }),
});

/**
 * How long a 429 asks to wait, in whole seconds (at least 1): the `retry-after-ms` or `retry-after` header (seconds
 * or an HTTP date), else the RetryInfo in Google's error body; undefined when it does not say.
 */
function retryAfterSeconds(error: APICallError): number | undefined {
  const headers = error.responseHeaders ?? {};
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms)) return wholeSeconds(ms / 1000);
  const after = headers['retry-after'];
  if (after) {
    const seconds = /^\s*\d+(\.\d+)?\s*$/.test(after) ? Number(after) : (Date.parse(after) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return wholeSeconds(seconds);
  }
  let body: unknown;
  try {
    body = JSON.parse(error.responseBody ?? '');
  } catch {
    return undefined;
  }
  const parsed = googleRetryInfo.safeParse(body);
  const delay = parsed.success
    ? parsed.data.error.details.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay
    : undefined;
  const match = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
  return match ? wholeSeconds(Number(match[1])) : undefined;
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));
