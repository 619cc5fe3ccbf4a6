/**
 * How a provider's failure is told to the user (server/ai/provider-errors.ts) for the AI SDK's errors that the
 * replayed recordings in tests/server/provider-recordings.test.ts do not reach.
 */
import { APICallError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError } from '../../server/ai/provider-errors';

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
    expect(describeProviderError('Groq', invalid)).toBe('Groq sent an answer Trove could not read');
    const unparsable = new JSONParseError({ text: '{"choices": [', cause: new Error('Unexpected end') });
    expect(describeProviderError('Mistral', unparsable)).toBe('Mistral sent an answer Trove could not read');
  });

  it('tells the last attempt of a retried call, a 429 without a wait as "try again later"', () => {
    const errors = [apiError(429, 'Too many requests'), apiError(429, 'Too many requests, slow down')];
    const retried = new RetryError({
      message: 'Failed after 2 attempts. Last error: x',
      reason: 'maxRetriesExceeded',
      errors,
    });
    expect(describeProviderError('Anthropic', retried)).toBe(
      'Rate limited by Anthropic: try again later (Too many requests, slow down)',
    );
  });

  it('takes the SDK’s class names off a plain error and masks the key', () => {
    const key = 'sk-secret-key-123456';
    const error = new Error(`AI_LoadAPIKeyError: key ${key} was refused`);
    expect(describeProviderError('OpenAI', error, key)).toBe('OpenAI failed: key ••••3456 was refused');
  });

  it('says a provider could not be reached when no status came back', () => {
    expect(describeProviderError('Ollama', apiError(undefined, 'Cannot connect to API: fetch failed'))).toBe(
      'Could not reach Ollama: Cannot connect to API: fetch failed',
    );
  });
});
