import { APICallError, InvalidResponseDataError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { ApiError } from '../http/errors';
import { boundedUpstreamText, OutboundRefused } from '../http/outbound';
import { maskKey } from './crypto';
import { type ProviderProblem, providerProblem } from './provider-problems';

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
 * A failure the user can act on (provider-problems.ts: too long, refused by the content policy, rate limited, quota
 * used up, unknown model) is told in Trove's words first, the upstream's after it in brackets for the key's owner only.
 */
export function describeProviderError(upstream: Upstream, error: unknown): string {
  const problem = providerProblem(error);
  if (upstream.onBehalf !== undefined) {
    const sentence = problem ? problemSentence(upstream.name, problem) : sharedSentence(upstream.name, error);
    // The conversation's length or content is the member's to change: the key's sharer can do nothing about it.
    const own = problem?.kind === 'too-long' || problem?.kind === 'refused-content';
    return boundedUpstreamText(own ? sentence : `${sentence}. ${upstream.onBehalf}`);
  }
  const { apiKey: key } = upstream;
  const sentence = problem
    ? `${problemSentence(upstream.name, problem)} (${upstreamDetail(error)})`
    : providerErrorSentence(upstream.name, error);
  return boundedUpstreamText(
    withoutSecrets(key && key.length >= 8 ? sentence.replaceAll(key, maskKey(key)) : sentence),
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** A failure the user can act on, in Trove's words only (the numbers the provider stated aside). */
function problemSentence(provider: string, problem: ProviderProblem): string {
  switch (problem.kind) {
    case 'too-long': {
      const { tokens, limit } = problem;
      const numbers =
        tokens !== null && limit !== null
          ? ` (${count(tokens)} tokens; it takes at most ${count(limit)})`
          : limit !== null
            ? ` (it takes at most ${count(limit)} tokens)`
            : '';
      return `The conversation is too long for ${problem.model ?? 'the model'}${numbers}: start a new chat or remove attached files`;
    }
    case 'refused-content':
      return `${provider} refused the request under its content policy: rephrase it or remove attached files`;
    case 'rate-limited':
      return `Rate limited by ${provider}: try again ${problem.seconds === null ? 'later' : `in ${problem.seconds} s`}`;
    case 'no-quota':
      return `The ${provider} key has no quota or credit left`;
    case 'unknown-model':
      return `${provider} has no model ${problem.model ?? 'by that name'} for this key`;
  }
}

/** The upstream's own words, for the key's owner. */
function upstreamDetail(error: unknown): string {
  const last = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  const message = last instanceof Error ? last.message : String(last);
  return withoutSdkWords(message) || 'no details';
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
  return error.statusCode
    ? `${provider} answered ${error.statusCode}: ${detail}`
    : `Could not reach ${provider}: ${detail}`;
}

const withoutSdkWords = (message: string) =>
  message
    .replace(/Failed after \d+ attempts\.\s*(Last error:\s*)?/g, '')
    .replace(/\bAI_\w+: /g, '')
    .trim();
