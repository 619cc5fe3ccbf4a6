import { describe, expect, test } from 'vitest';
import { canonicalizeUrl } from '../../lib/api/canonical-url';

describe('canonicalizeUrl', () => {
  test('lower-cases the scheme and host', () => {
    expect(canonicalizeUrl('HTTPS://Example.COM/Path')).toBe('https://example.com/Path');
  });

  test.each([
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:80/a', 'http://example.com/a'],
    ['http://example.com:8080/a', 'http://example.com:8080/a'],
    ['https://example.com:80/a', 'https://example.com:80/a'],
    ['http://example.com:443/a', 'http://example.com:443/a'],
  ])('ports: %s → %s', (input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  test('drops the fragment', () => {
    expect(canonicalizeUrl('https://example.com/a#section-2')).toBe('https://example.com/a');
    expect(canonicalizeUrl('https://example.com/a?x=1#')).toBe('https://example.com/a?x=1');
  });

  test.each([
    'utm_source=news',
    'utm_medium=email',
    'utm_campaign=spring',
    'utm_term=x',
    'utm_content=y',
    'UTM_Source=news',
    'fbclid=abc',
    'FBCLID=abc',
    'gclid=abc',
    'GClid=abc',
    'msclkid=abc',
    'mc_cid=1',
    'mc_eid=2',
    'igshid=3',
    'yclid=4',
    '_ga=5',
    'dclid=6',
  ])('drops the tracking parameter %s', (param) => {
    expect(canonicalizeUrl(`https://example.com/a?${param}&id=7`)).toBe('https://example.com/a?id=7');
  });

  test('leaves no bare "?" when only tracking parameters were present', () => {
    expect(canonicalizeUrl('https://example.com/a?utm_source=x&fbclid=y')).toBe('https://example.com/a');
  });

  test('keeps parameters that merely look like tracking ones', () => {
    expect(canonicalizeUrl('https://example.com/?utm=1&my_utm_source=2&gclidx=3')).toBe(
      'https://example.com/?gclidx=3&my_utm_source=2&utm=1',
    );
  });

  test('sorts the other parameters by name', () => {
    expect(canonicalizeUrl('https://example.com/s?q=cats&page=2&b=1')).toBe('https://example.com/s?b=1&page=2&q=cats');
    expect(canonicalizeUrl('https://example.com/s?page=2&q=cats')).toBe(
      canonicalizeUrl('https://example.com/s?q=cats&page=2'),
    );
  });

  test('keeps repeated names in their original order (the sort is stable)', () => {
    expect(canonicalizeUrl('https://example.com/?tag=b&z=1&tag=a')).toBe('https://example.com/?tag=b&tag=a&z=1');
    expect(canonicalizeUrl('https://example.com/?tag=a&tag=b')).not.toBe(
      canonicalizeUrl('https://example.com/?tag=b&tag=a'),
    );
  });

  test('sorts names by code unit, not by locale (upper case first)', () => {
    expect(canonicalizeUrl('https://example.com/?b=1&B=2&a=3')).toBe('https://example.com/?B=2&a=3&b=1');
  });

  test('keeps path case and the trailing slash', () => {
    expect(canonicalizeUrl('https://example.com/Docs/Intro/')).toBe('https://example.com/Docs/Intro/');
    expect(canonicalizeUrl('https://example.com/Docs/Intro')).toBe('https://example.com/Docs/Intro');
    expect(canonicalizeUrl('https://example.com/docs/intro')).not.toBe(
      canonicalizeUrl('https://example.com/Docs/Intro'),
    );
  });

  test('gives a bare host its root path', () => {
    expect(canonicalizeUrl('https://example.com')).toBe('https://example.com/');
  });

  test('removes a trailing dot on the host', () => {
    expect(canonicalizeUrl('https://example.com./a')).toBe('https://example.com/a');
    expect(canonicalizeUrl('https://Example.com.:443/a')).toBe('https://example.com/a');
  });

  test('trims surrounding whitespace', () => {
    expect(canonicalizeUrl('  https://example.com/a \n')).toBe('https://example.com/a');
  });

  test.each([
    'HTTPS://Example.COM:443/A/b/?b=2&a=1&utm_Source=x&FBCLID=z#frag',
    'https://example.com./s?q=hello%20world&z&tag=b&tag=a',
    'http://example.com:8080/?a=b+c&%C3%A9=1',
    'https://example.com/path with space/?x=ü',
  ])('is idempotent for %s', (input) => {
    const once = canonicalizeUrl(input);
    expect(canonicalizeUrl(once)).toBe(once);
  });

  test('a messy URL and its tidy form share one key', () => {
    expect(canonicalizeUrl('HTTPS://Example.COM:443/A/b/?b=2&a=1&utm_Source=x&UTM_medium=y&FBCLID=z#frag')).toBe(
      'https://example.com/A/b/?a=1&b=2',
    );
  });

  test.each(['', 'not a url', 'example.com/a', '//example.com/a', 'https://'])('throws for %j', (input) => {
    expect(() => canonicalizeUrl(input)).toThrow();
  });
});
