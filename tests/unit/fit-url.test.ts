import { describe, expect, it } from 'vitest';
import { fitUrlToLimit } from '../../lib/api/fit-url';
import { limits, urlSchema } from '../../lib/api/validators';

/** A page address the extension fills in itself, fitted to the contract's urlMax (lib/api/fit-url.ts). */
const accepted = (url: string) => urlSchema.safeParse(url).success;
const long = (n: number, c = 'a') => c.repeat(n);

describe('fitUrlToLimit', () => {
  it('leaves an address that fits, and one that is not an http(s) address, as it is', () => {
    const fits = `https://example.com/${long(limits.urlMax - 20)}`;
    expect(accepted(fits)).toBe(true);
    expect(fitUrlToLimit(fits)).toBe(fits);
    expect(fitUrlToLimit('example.com')).toBe('example.com');
    expect(fitUrlToLimit('')).toBe('');
  });

  it('drops a long fragment first', () => {
    const url = `https://example.com/post?id=7#${long(3000)}`;
    expect(fitUrlToLimit(url)).toBe('https://example.com/post?id=7');
  });

  it('then keeps the whole query parameters that fit, in order, and no half of one', () => {
    const params = Array.from({ length: 60 }, (_, i) => `p${i}=${long(50)}`);
    const url = `https://example.com/search?${params.join('&')}`;
    const fitted = fitUrlToLimit(url);
    expect(accepted(fitted)).toBe(true);
    expect(url.startsWith(fitted)).toBe(true);
    expect(fitted).toMatch(/=a{50}$/);
    expect(fitted.length).toBeGreaterThan(limits.urlMax - 60);
  });

  it('keeps the path alone when the first parameter is already too long', () => {
    expect(fitUrlToLimit(`https://example.com/a/b?q=${long(3000)}`)).toBe('https://example.com/a/b');
  });

  it('fits the canonical form too: a query the canonical form encodes longer is cut further', () => {
    // `'` is kept as it is in the address but percent-encoded (3 characters) in the canonical form
    const params = Array.from({ length: 100 }, (_, i) => `k${i}=${"'".repeat(20)}`);
    const url = `https://example.com/?${params.join('&')}`;
    const fitted = fitUrlToLimit(url);
    expect(accepted(fitted)).toBe(true);
    // the browser's own form of the address (which encodes `'` in a query) starts with it
    expect(new URL(url).href.startsWith(fitted)).toBe(true);
  });

  it('cuts a path that is itself too long, leaving no half escape', () => {
    const fitted = fitUrlToLimit(`https://example.com/${'%E2%9C%93'.repeat(400)}`);
    expect(accepted(fitted)).toBe(true);
    expect(fitted).toMatch(/^https:\/\/example\.com\/(%E2%9C%93)*(%E2|%E2%9C)?$/);
    expect(fitted.length).toBeGreaterThan(limits.urlMax - 10);
  });
});
