/**
 * How a provider's failure is told to the user (server/ai/provider-errors.ts) for the AI SDK's errors that the
 * replayed recordings in tests/server/provider-recordings.test.ts do not reach; and, for someone else's key or endpoint
 * (a team's), the failures tests/server/teams.test.ts cannot make of the fake provider (unreachable, refused address).
 */
import { APICallError, JSONParseError, RetryError, StreamProviderError, TypeValidationError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError, withoutSecrets } from '../../server/ai/provider-errors';
import { ApiError } from '../../server/http/errors';
import { OutboundRefused } from '../../server/http/outbound';

const apiError = (statusCode: number | undefined, message: string, headers: Record<string, string> = {}) =>
  new APICallError({
    message,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: '',
    isRetryable: statusCode === 429,
  });

describe('describeProviderError', () => {
  it('tells an answer the SDK could not read without its dump of the value', () => {
    const invalid = new TypeValidationError({ value: { choices: 'odd' }, cause: new Error('Expected array') });
    expect(describeProviderError({ name: 'Groq' }, invalid)).toBe('Groq sent an answer Trove could not read');
    const unparsable = new JSONParseError({ text: '{"choices": [', cause: new Error('Unexpected end') });
    expect(describeProviderError({ name: 'Mistral' }, unparsable)).toBe('Mistral sent an answer Trove could not read');
  });

  it('tells the last attempt of a retried call, a 429 without a wait as "try again later"', () => {
    const errors = [apiError(429, 'Too many requests'), apiError(429, 'Too many requests, slow down')];
    const retried = new RetryError({
      message: 'Failed after 2 attempts. Last error: x',
      reason: 'maxRetriesExceeded',
      errors,
    });
    expect(describeProviderError({ name: 'Anthropic' }, retried)).toBe(
      'Rate limited by Anthropic: try again later (Too many requests, slow down)',
    );
  });

  it('takes the SDK’s class names off a plain error and masks the key', () => {
    const key = 'sk-secret-key-123456';
    const error = new Error(`AI_LoadAPIKeyError: key ${key} was refused`);
    expect(describeProviderError({ name: 'OpenAI', apiKey: key }, error)).toBe(
      'OpenAI failed: key ••••3456 was refused',
    );
  });

  it('says a provider could not be reached when no status came back', () => {
    expect(describeProviderError({ name: 'Ollama' }, apiError(undefined, 'Cannot connect to API: fetch failed'))).toBe(
      'Could not reach Ollama: Cannot connect to API: fetch failed',
    );
  });

  it('masks what looks like a secret in the text its owner reads: credentials in an address, tokens, keys', () => {
    expect(
      withoutSecrets(
        'https://ada:pw@h.example/v1?api_key=abc123&x=1 http://tok@h.example Bearer eyJ.abc gsk_abcdefghijklmnop AIzaSyA1234567890123456789',
      ),
    ).toBe('https://•••@h.example/v1?api_key=•••&x=1 http://•••@h.example Bearer ••• ••••mnop ••••6789');
  });
});

describe("describeProviderError for someone else's key or endpoint", () => {
  const shared = { name: 'Lab vLLM', apiKey: 'sk-shared-key-00001234', onBehalf: 'Ask ada, who shared it.' };

  it('says what happened and whom to ask, never the address or the words of the upstream', () => {
    const unreachable = apiError(undefined, 'Cannot connect to API: connect ECONNREFUSED 10.0.0.7:8000');
    expect(describeProviderError(shared, unreachable)).toBe('Could not reach Lab vLLM. Ask ada, who shared it.');
    const refused = new OutboundRefused('10.0.0.7 is a private address, which this server does not call');
    expect(describeProviderError(shared, refused)).toBe(
      'Lab vLLM cannot be reached from this server. Ask ada, who shared it.',
    );
    const limited = apiError(429, 'slow down, sk-shared-key-00001234', { 'retry-after': '7' });
    expect(describeProviderError(shared, limited)).toBe(
      'Rate limited by Lab vLLM: try again in 7 s. Ask ada, who shared it.',
    );
    expect(describeProviderError(shared, apiError(404, 'no model at http://10.0.0.7/v1'))).toBe(
      'Lab vLLM answered 404: it does not know the model. Ask ada, who shared it.',
    );
    expect(describeProviderError(shared, new Error('socket hang up at 10.0.0.7'))).toBe(
      'Lab vLLM failed. Ask ada, who shared it.',
    );
  });

  it("keeps Trove's own refusals, which say nothing of the upstream", () => {
    expect(describeProviderError(shared, new ApiError(400, 'Lab vLLM needs a base URL in your AI settings'))).toBe(
      'Lab vLLM needs a base URL in your AI settings. Ask ada, who shared it.',
    );
  });
});

/** An APICallError as the AI SDK makes of a provider's error answer to a request for `model`. */
const answered = (statusCode: number, body: unknown, model = 'gpt-4o-mini', headers: Record<string, string> = {}) =>
  new APICallError({
    // the AI SDK's message: the body's (Ollama's body is only `{"error": "…"}`)
    message:
      typeof (body as { error?: unknown }).error === 'string'
        ? String((body as { error: string }).error)
        : ((body as { error?: { message?: string } }).error?.message ?? 'failed'),
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: { model },
    statusCode,
    responseHeaders: headers,
    responseBody: JSON.stringify(body),
    isRetryable: statusCode === 429,
  });

describe('describeProviderError for a failure the user can act on', () => {
  const member = { name: 'OpenAI', apiKey: 'sk-shared-key-00001234', onBehalf: 'Ask ada, who shared it.' };

  it('takes the wait from OpenAI’s "try again in 20s" when no header says it', () => {
    const limited = answered(429, {
      error: { message: 'Rate limit reached. Please try again in 20s.', type: 'requests', code: 'rate_limit_exceeded' },
    });
    expect(describeProviderError(member, limited)).toBe(
      'Rate limited by OpenAI: try again in 20 s. Ask ada, who shared it.',
    );
    const briefly = answered(429, { error: { message: 'Please try again in 250ms.', code: 'rate_limit_exceeded' } });
    expect(describeProviderError(member, briefly)).toBe(
      'Rate limited by OpenAI: try again in 1 s. Ask ada, who shared it.',
    );
  });

  it('tells an OpenAI-compatible server’s "maximum context length" as too long, with its numbers', () => {
    const vllm = answered(
      400,
      {
        object: 'error',
        error: {
          message:
            "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).",
          type: 'BadRequestError',
          code: 400,
        },
      },
      'qwen2.5:0.5b',
    );
    expect(describeProviderError({ ...member, name: 'Lab vLLM' }, vllm)).toBe(
      'The conversation is too long for qwen2.5:0.5b (5,000 tokens; it takes at most 4,096): start a new chat or remove attached files',
    );
  });

  it('says too long without numbers when the provider gives none (Responses API, a 413)', () => {
    const responses = answered(400, {
      error: {
        message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
    });
    expect(describeProviderError(member, responses)).toBe(
      'The conversation is too long for gpt-4o-mini: start a new chat or remove attached files',
    );
    const tooLarge = answered(
      413,
      { type: 'error', error: { type: 'request_too_large', message: 'Request exceeds the maximum size' } },
      'claude-haiku-4-5',
    );
    expect(describeProviderError({ ...member, name: 'Anthropic' }, tooLarge)).toBe(
      'The conversation is too long for claude-haiku-4-5: start a new chat or remove attached files',
    );
  });

  it('tells Anthropic’s credit balance too low as the key’s quota, not the member’s request', () => {
    const broke = answered(
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'Your credit balance is too low to access the Anthropic API.',
        },
      },
      'claude-haiku-4-5',
    );
    expect(describeProviderError({ ...member, name: 'Anthropic' }, broke)).toBe(
      'The Anthropic key has no quota or credit left. Ask ada, who shared it.',
    );
  });

  it('classifies an error sent in the middle of a stream from its type and code', () => {
    const midStream = new StreamProviderError({
      message: 'Rate limited, sk-shared-key-00001234',
      type: 'rate_limit_error',
      statusCode: 429,
    });
    expect(describeProviderError({ ...member, name: 'Anthropic' }, midStream)).toBe(
      'Rate limited by Anthropic: try again later. Ask ada, who shared it.',
    );
    const refused = new StreamProviderError({
      message: 'flagged',
      type: 'invalid_request_error',
      code: 'invalid_prompt',
    });
    expect(describeProviderError({ name: 'OpenAI' }, refused)).toBe(
      'OpenAI refused the request under its content policy: rephrase it or remove attached files (flagged)',
    );
  });

  it('tells Ollama’s 404 for a model it has not pulled as no such model', () => {
    const missing = answered(
      404,
      { error: 'model "llama3.2:latest" not found, try pulling it first' },
      'llama3.2:latest',
    );
    expect(describeProviderError({ ...member, name: 'Lab Ollama' }, missing)).toBe(
      'Lab Ollama has no model llama3.2:latest for this key. Ask ada, who shared it.',
    );
  });

  it('leaves a failure it cannot place as before: the status in words for a member, the upstream’s for the owner', () => {
    const odd = answered(400, {
      error: { message: 'Unsupported parameter: temperature', type: 'invalid_request_error', code: null },
    });
    expect(describeProviderError(member, odd)).toBe(
      'OpenAI answered 400: it refused the request. Ask ada, who shared it.',
    );
    expect(describeProviderError({ name: 'OpenAI' }, odd)).toBe(
      'OpenAI answered 400: Unsupported parameter: temperature',
    );
  });
});
