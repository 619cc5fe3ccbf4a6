import { APICallError, InvalidResponseDataError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { boundedUpstreamText, OutboundRefused } from '../http/outbound';
import { maskKey } from './crypto';

/** The upstream that failed, as its failure is told (a ProviderAccess is one). */
export interface Upstream {
  /** The provider's display name (a built-in provider's, or an endpoint's name). */
  name: string;
  /** The key it was called with (the house key, the user's, their endpoint's, a team's): masked wherever repeated. */
  apiKey?: string;
  /**
   * Set when the key or endpoint is someone else's, used on their behalf (a team's shared key or endpoint, a public
   * prompt's author's): whom to ask, as a sentence. The upstream's own words then never reach the caller.
   */
  onBehalf?: string;
}

/**
 * A provider failure as one clear sentence for the user: "OpenAI answered 401: Incorrect API key provided.", "Rate
 * limited by Google: try again in 37 s (…)". The AI SDK's own wording is taken off: its retries ("Failed after 3
 * attempts. Last error: …", the last attempt's error is told instead) and its error class names ("AI_APICallError: ").
 * A provider may repeat the key it refused: the key (the house key, the user's or their endpoint's) is masked in it, as
 * are what look like other keys, tokens and an address's credentials (withoutSecrets), and the whole is bounded and
 * cleaned (boundedUpstreamText), since an address a user chose decides that text. Someone else's key or endpoint
 * (`onBehalf`) is told by what happened only (sharedSentence): its error body, address and headers are its owner's.
 */
export function describeProviderError(upstream: Upstream, error: unknown): string {
  if (upstream.onBehalf !== undefined)
    return boundedUpstreamText(`${sharedSentence(upstream.name, error)}. ${upstream.onBehalf}`);
  const { apiKey: key } = upstream;
  const sentence = providerErrorSentence(upstream.name, error);
  return boundedUpstreamText(
    withoutSecrets(key && key.length >= 8 ? sentence.replaceAll(key, maskKey(key)) : sentence),
  );
}

/**
 * `text` with what looks like a secret masked: an address's user and password (`https://user:pass@host`), a bearer or
 * basic token, a key or token in a query string, and keys of the usual shapes (`sk-…`, `gsk_…`, `AIza…`).
 */
export function withoutSecrets(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi, '$1•••@')
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 •••')
    .replace(/([?&](?:api[-_]?key|key|token|access[-_]?token|secret|password|sig|signature)=)[^&\s#]+/gi, '$1•••')
    .replace(/\b(?:(?:sk|pk|rk|gsk|xai)[-_][\w-]{8,}|AIza[\w-]{20,})/g, (found) => maskKey(found));
}

/** What a status says happened, in words that owe nothing to the upstream's body. */
function statusWords(status: number): string {
  if (status === 401 || status === 403) return 'it refused the key';
  if (status === 404) return 'it does not know the model';
  if (status === 408 || status === 504) return 'it took too long';
  if (status === 413) return 'the request was too large for it';
  if (status >= 500) return 'it failed on its side';
  return 'it refused the request';
}

/** A failure of someone else's key or endpoint: what happened, with nothing the upstream or its address wrote. */
function sharedSentence(provider: string, error: unknown): string {
  const last = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  // Trove's own refusals (a missing key, a base URL needed) are its words, not the upstream's.
  if (last instanceof ApiError) return last.message.replace(/\.$/, '');
  if (APICallError.isInstance(last)) {
    if (last.statusCode === 429) {
      const seconds = retryAfterSeconds(last);
      return `Rate limited by ${provider}: try again ${seconds === undefined ? 'later' : `in ${seconds} s`}`;
    }
    if (last.statusCode) return `${provider} answered ${last.statusCode}: ${statusWords(last.statusCode)}`;
    return `Could not reach ${provider}`;
  }
  if (last instanceof OutboundRefused) return `${provider} cannot be reached from this server`;
  if (
    TypeValidationError.isInstance(last) ||
    JSONParseError.isInstance(last) ||
    InvalidResponseDataError.isInstance(last)
  )
    return `${provider} sent an answer Trove could not read`;
  return `${provider} failed`;
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
