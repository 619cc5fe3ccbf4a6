import { APICallError, RetryError, StreamProviderError } from 'ai';
import { z } from 'zod';

/**
 * The provider failures a user can act on, read from the AI SDK's structured error: the HTTP status and the error
 * body's fields as each provider documents them (OpenAI `{error: {type, code, message}}`, Anthropic
 * `{type: "error", error: {type, message}}`, Google `{error: {code, status, message}}`). Where a provider says which
 * failure it is only in its message (Anthropic's and Google's "too long"), the message is matched, never repeated:
 * only the numbers it states are kept. server/ai/provider-errors.ts tells each in Trove's words.
 */
export type ProviderProblem =
  /** The request (the conversation, its files) is more than the model takes; the token counts when stated. */
  | { kind: 'too-long'; model: string | null; tokens: number | null; limit: number | null }
  /** The provider's content policy refused the request. */
  | { kind: 'refused-content' }
  /** Too many requests for now; the wait in whole seconds when the provider says it. */
  | { kind: 'rate-limited'; seconds: number | null }
  /** The key's quota or credit is used up (not a wait). */
  | { kind: 'no-quota' }
  /** The provider does not know the model, or the key may not use it. */
  | { kind: 'unknown-model'; model: string | null };

/** What a failure says of itself, from the error and its body. */
interface Fields {
  status: number | null;
  /** OpenAI's and Anthropic's `type`, Google's `status` (e.g. RESOURCE_EXHAUSTED). */
  type: string | null;
  code: string | null;
  /** Only matched against, never told. */
  message: string;
  headers: Record<string, string>;
  body: unknown;
  model: string | null;
}

const text = z.string().nullish().catch(null);
const errorFields = z.looseObject({
  type: text,
  status: text,
  code: z.union([z.string(), z.number()]).nullish().catch(null),
  message: text,
});
const errorBody = z.looseObject({ error: errorFields });

/** The body as JSON (Google's streamed errors come as a one-element array), else undefined. */
function parsedBody(raw: string | undefined): unknown {
  try {
    const body: unknown = JSON.parse(raw ?? '');
    return Array.isArray(body) ? body[0] : body;
  } catch {
    return undefined;
  }
}

/** The model the request named: its body's `model` (OpenAI, Anthropic), else Google's address (`/models/{model}:…`). */
function requestedModel(error: APICallError): string | null {
  const values = error.requestBodyValues as { model?: unknown } | undefined;
  if (typeof values?.model === 'string') return values.model;
  const match = /\/models\/([^/:?]+):/.exec(error.url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function fieldsOf(error: unknown): Fields | null {
  const last = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  if (APICallError.isInstance(last)) {
    const body = last.data ?? parsedBody(last.responseBody);
    const parsed = errorBody.safeParse(body);
    const inner = parsed.success ? parsed.data.error : null;
    return {
      status: last.statusCode ?? null,
      type: inner?.type ?? inner?.status ?? null,
      code: inner?.code == null ? null : String(inner.code),
      message: inner?.message ?? last.message,
      headers: last.responseHeaders ?? {},
      body,
      model: requestedModel(last),
    };
  }
  if (StreamProviderError.isInstance(last))
    return {
      status: last.statusCode ?? null,
      type: last.type ?? null,
      code: last.code == null ? null : String(last.code),
      message: last.message,
      headers: {},
      body: last.data,
      model: null,
    };
  return null;
}

const REFUSED_CONTENT = new Set(['content_policy_violation', 'moderation_blocked', 'content_filter', 'invalid_prompt']);
const integer = (digits: string | undefined) => (digits === undefined ? null : Number(digits));

/**
 * The token counts a "too long" message states, in the words each provider uses: OpenAI's (and OpenAI-compatible
 * servers') "maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens", Anthropic's
 * "prompt is too long: 208310 tokens > 200000 maximum", Google's "The input token count (1250000) exceeds the maximum
 * number of tokens allowed (1048576)". Null when it says it otherwise (not too long, as far as Trove can tell).
 */
function tooLongCounts(message: string): { tokens: number | null; limit: number | null } | null {
  const anthropic = /prompt is too long:\s*(\d+) tokens\s*>\s*(\d+) maximum/i.exec(message);
  if (anthropic) return { tokens: integer(anthropic[1]), limit: integer(anthropic[2]) };
  const google = /input token count \((\d+)\) exceeds the maximum number of tokens allowed \((\d+)\)/i.exec(message);
  if (google) return { tokens: integer(google[1]), limit: integer(google[2]) };
  const openai = /maximum context length is (\d+) tokens/i.exec(message);
  if (openai) {
    const asked = /(?:resulted in|requested) (\d+) tokens/i.exec(message);
    return { tokens: integer(asked?.[1]), limit: integer(openai[1]) };
  }
  return null;
}

export function providerProblem(error: unknown): ProviderProblem | null {
  const fields = fieldsOf(error);
  if (!fields) return null;
  const { status, type, code, message, model } = fields;
  const counts = tooLongCounts(message);
  if (code === 'context_length_exceeded' || status === 413 || type === 'request_too_large' || counts)
    return { kind: 'too-long', model, tokens: counts?.tokens ?? null, limit: counts?.limit ?? null };
  if ((code && REFUSED_CONTENT.has(code)) || (type && REFUSED_CONTENT.has(type))) return { kind: 'refused-content' };
  if (code === 'insufficient_quota' || type === 'insufficient_quota' || /credit balance is too low/i.test(message))
    return { kind: 'no-quota' };
  if (status === 429 || type === 'rate_limit_error' || code === 'rate_limit_exceeded')
    return { kind: 'rate-limited', seconds: retryAfterSeconds(fields) };
  // Ollama's body is only `{"error": "model \"…\" not found, try pulling it first"}`.
  const notFound = type === 'not_found_error' || type === 'NOT_FOUND' || /\bmodel\b.*\bnot found\b/i.test(message);
  if (code === 'model_not_found' || (status === 404 && notFound)) return { kind: 'unknown-model', model };
  return null;
}

/** Google's error body: `details` may hold a `google.rpc.RetryInfo` with its `retryDelay` ("37s"). */
const googleRetryInfo = z.object({
  error: z.object({
    details: z.array(z.looseObject({ '@type': z.string().optional(), retryDelay: z.string().optional() })),
  }),
});

/**
 * How long a 429 asks to wait, in whole seconds (at least 1): the `retry-after-ms` or `retry-after` header (seconds
 * or an HTTP date), else the RetryInfo in Google's error body, else OpenAI's "try again in 20s" (or "in 300ms"); null
 * when it does not say.
 */
function retryAfterSeconds({ headers, body, message }: Fields): number | null {
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms)) return wholeSeconds(ms / 1000);
  const after = headers['retry-after'];
  if (after) {
    const seconds = /^\s*\d+(\.\d+)?\s*$/.test(after) ? Number(after) : (Date.parse(after) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return wholeSeconds(seconds);
  }
  const parsed = googleRetryInfo.safeParse(body);
  const delay = parsed.success
    ? parsed.data.error.details.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay
    : undefined;
  const google = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
  if (google) return wholeSeconds(Number(google[1]));
  const said = /try again in (\d+(?:\.\d+)?)\s*(ms|s)\b/i.exec(message);
  if (said) return wholeSeconds(Number(said[1]) / (said[2]?.toLowerCase() === 'ms' ? 1000 : 1));
  return null;
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));
