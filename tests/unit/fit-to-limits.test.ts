import { describe, expect, test } from 'vitest';
import { createGemBody } from '../../lib/api/contract';
import { fitGemToLimits } from '../../lib/background/fit-to-limits';

/** Saves cut to the contract's limits before they are queued (lib/background/fit-to-limits.ts). */

const url = 'https://example.com/essay';

describe('fitGemToLimits', () => {
  test('cuts what the extension filled in to the limits the server checks, and the server then takes it', () => {
    const quote = 'A passage worth keeping. '.repeat(500); // 12,500 characters
    const gem = {
      title: 'T'.repeat(600),
      description: quote,
      url,
      media_type: 'Quote' as const,
      text: 'word '.repeat(420_000),
      media: { alt: 'a'.repeat(2500), siteName: 'Example' },
    };
    expect(createGemBody.safeParse({ data: gem }).success).toBe(false);

    const fitted = fitGemToLimits(gem);
    expect(createGemBody.safeParse({ data: fitted }).success).toBe(true);
    expect(fitted.description).toBe(quote.slice(0, 10_000));
    expect(fitted.title).toHaveLength(500);
    expect(fitted.text).toHaveLength(2_000_000);
    expect(fitted.media).toEqual({ alt: 'a'.repeat(2000), siteName: 'Example' });
  });

  test('leaves out an address over the limit (a cut one would be broken): an inlined favicon or image', () => {
    const inlined = `data:image/png;base64,${'A'.repeat(5000)}`;
    const fitted = fitGemToLimits({ title: 'P', url, favicon: inlined, image: inlined, media: { mediaUrl: inlined } });
    expect(fitted).toEqual({ title: 'P', url, favicon: null, image: null, media: { mediaUrl: null } });
    expect(createGemBody.safeParse({ data: fitted }).success).toBe(true);
  });

  test('changes nothing within the limits, and never splits a character in two', () => {
    const gem = { title: 'Page', url, favicon: 'data:image/png;base64,AAAA', description: 'Short' };
    expect(fitGemToLimits(gem)).toEqual(gem);
    const emoji = `${'x'.repeat(9_999)}😀`; // the emoji's two halves straddle the limit
    expect(fitGemToLimits({ title: 'E', url, description: emoji }).description).toBe('x'.repeat(9_999));
  });
});
