/**
 * How a provider's failure is told to the user (server/ai/provider-errors.ts) for the AI SDK's errors that the
 * replayed recordings in tests/server/provider-recordings.test.ts do not reach; and, for someone else's key or endpoint
 * (a team's), the failures tests/server/teams.test.ts cannot make of the fake provider (unreachable, refused address).
 */
import { APICallError, JSONParseError, RetryError, TypeValidationError } from 'ai';
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
