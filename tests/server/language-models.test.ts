import { describe, expect, it } from 'vitest';
import { languageModel } from '../../server/ai/providers';
import type { AiModelRow } from '../../server/db/types';

/** server/ai/providers.ts: an AI SDK model is made once per access and model, then reused. */
describe('languageModel', () => {
  const model = { model: 'llama-3.3-70b-versatile' } as AiModelRow;
  const groq = (apiKey?: string, baseUrl = 'http://127.0.0.1:9/v1') =>
    ({ kind: 'openai-compatible', name: 'Groq', apiKey, baseUrl, fetch: globalThis.fetch }) as const;

  it('reuses the model made for the same key, base URL and model', () => {
    expect(languageModel(model, groq('gsk-one-1234567890'))).toBe(languageModel(model, groq('gsk-one-1234567890')));
  });

  it('makes another for another key, base URL or model, and still refuses a missing key', () => {
    const first = languageModel(model, groq('gsk-one-1234567890'));
    expect(languageModel(model, groq('gsk-two-1234567890'))).not.toBe(first);
    expect(languageModel(model, groq('gsk-one-1234567890', 'http://127.0.0.1:8/v1'))).not.toBe(first);
    expect(languageModel({ model: 'other' } as AiModelRow, groq('gsk-one-1234567890'))).not.toBe(first);
    expect(() => languageModel(model, groq(undefined))).toThrow(/API Key/);
  });
});
