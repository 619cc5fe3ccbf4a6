import { describe, expect, test } from 'vitest';
import { canonicalizeUrl } from '../../lib/api/canonical-url';

/** Two addresses of one page: the same key (the README's "Duplicates" rules, by number). */
const SAME: [rule: string, a: string, b: string][] = [
  ['1 http is https', 'http://example.com/a', 'https://example.com/a'],
  ['1 http is https, root', 'http://example.com', 'https://example.com/'],
  ['2 host case', 'https://Example.COM/a', 'https://example.com/a'],
  ['2 scheme case', 'HTTPS://example.com/a', 'https://example.com/a'],
  ['2 leading www.', 'https://www.example.com/a', 'https://example.com/a'],
  ['2 www. and http', 'http://WWW.Example.com/a', 'https://example.com/a'],
  ['2 trailing dot', 'https://example.com./a', 'https://example.com/a'],
  ['2 IDN in punycode', 'https://bücher.example/a', 'https://xn--bcher-kva.example/a'],
  ['2 IDN upper case', 'https://BÜCHER.example/a', 'https://xn--bcher-kva.example/a'],
  ['3 https :443', 'https://example.com:443/a', 'https://example.com/a'],
  ['3 http :80', 'http://example.com:80/a', 'https://example.com/a'],
  ['3 other port, either scheme', 'http://example.com:8080/a', 'https://example.com:8080/a'],
  ['4 fragment', 'https://example.com/a#section-2', 'https://example.com/a'],
  ['4 empty fragment', 'https://example.com/a?x=1#', 'https://example.com/a?x=1'],
  ['4 route fragment kept with the rest', 'http://www.app.example/#/inbox', 'https://app.example/#/inbox'],
  ['5 utm_source', 'https://example.com/a?utm_source=news&id=7', 'https://example.com/a?id=7'],
  ['5 utm_* any case', 'https://example.com/a?UTM_Medium=mail&id=7', 'https://example.com/a?id=7'],
  ['5 fbclid', 'https://example.com/a?fbclid=abc', 'https://example.com/a'],
  ['5 gclid any case', 'https://example.com/a?GClid=abc&id=7', 'https://example.com/a?id=7'],
  ['5 msclkid', 'https://example.com/a?id=7&msclkid=x', 'https://example.com/a?id=7'],
  ['5 mailchimp', 'https://example.com/a?mc_cid=1&mc_eid=2', 'https://example.com/a'],
  ['5 _ga and igshid', 'https://example.com/a?_ga=5&igshid=3', 'https://example.com/a'],
  ['5 gbraid, wbraid, srsltid', 'https://example.com/a?gbraid=1&wbraid=2&srsltid=3', 'https://example.com/a'],
  ['6 parameter order', 'https://example.com/s?q=cats&page=2', 'https://example.com/s?page=2&q=cats'],
  ['6 empty query', 'https://example.com/a?', 'https://example.com/a'],
  ['6 space as + or %20', 'https://example.com/s?q=a+b', 'https://example.com/s?q=a%20b'],
  ['6 escape case in the query', 'https://example.com/s?q=%c3%a9', 'https://example.com/s?q=%C3%A9'],
  ['6 a bare name', 'https://example.com/s?flag', 'https://example.com/s?flag='],
  ['7 trailing slash', 'https://example.com/docs/', 'https://example.com/docs'],
  ['7 trailing slashes', 'https://example.com/docs//', 'https://example.com/docs'],
  ['7 trailing slash before a query', 'https://example.com/docs/?a=1', 'https://example.com/docs?a=1'],
  ['7 the root', 'https://example.com', 'https://example.com/'],
  ['8 escaped letter', 'https://example.com/%61bc', 'https://example.com/abc'],
  ['8 escaped tilde', 'https://example.com/%7Euser', 'https://example.com/~user'],
  ['8 escape case', 'https://example.com/caf%c3%a9', 'https://example.com/caf%C3%A9'],
  ['8 unescaped non-ASCII', 'https://example.com/café', 'https://example.com/caf%C3%A9'],
  ['8 dot segments', 'https://example.com/a/./b/../c', 'https://example.com/a/c'],
  [
    'all at once',
    'HTTP://WWW.Example.COM:80/A/b/?b=2&a=1&utm_Source=x&FBCLID=z#frag',
    'https://example.com/A/b?a=1&b=2',
  ],
  ['surrounding whitespace', '  https://example.com/a \n', 'https://example.com/a'],
];

/** Two different pages: different keys. */
const DIFFERENT: [why: string, a: string, b: string][] = [
  ['path case', 'https://example.com/Docs', 'https://example.com/docs'],
  ['other host', 'https://example.com/a', 'https://example.org/a'],
  ['a sub-domain other than www', 'https://blog.example.com/a', 'https://example.com/a'],
  ['www as a label further in', 'https://www.example.com/a', 'https://example.www.com/a'],
  ['other port', 'https://example.com:8443/a', 'https://example.com/a'],
  ['http on :443 is not https', 'http://example.com:443/a', 'https://example.com/a'],
  ['https on :80', 'https://example.com:80/a', 'https://example.com/a'],
  ['a parameter value', 'https://example.com/s?q=cats', 'https://example.com/s?q=dogs'],
  ['a parameter that is kept', 'https://example.com/watch?v=1', 'https://example.com/watch'],
  ['look-alike of a tracking name', 'https://example.com/a?my_utm_source=2', 'https://example.com/a'],
  ['utm without the underscore', 'https://example.com/a?utm=1', 'https://example.com/a'],
  ['repeated values in another order', 'https://example.com/?tag=a&tag=b', 'https://example.com/?tag=b&tag=a'],
  ['an escaped slash is not a slash', 'https://example.com/a%2Fb', 'https://example.com/a/b'],
  ['an escaped + is not a space', 'https://example.com/s?q=a%2Bb', 'https://example.com/s?q=a+b'],
  ['two route fragments', 'https://app.example/#/inbox', 'https://app.example/#/settings'],
  ['a route fragment and none', 'https://app.example/#!/post/1', 'https://app.example/'],
  ['deeper path', 'https://example.com/a/b', 'https://example.com/a'],
  ['other user', 'https://ada@example.com/a', 'https://bob@example.com/a'],
];

describe('canonicalizeUrl', () => {
  test('has at least 40 pairs', () => {
    expect(SAME.length + DIFFERENT.length).toBeGreaterThanOrEqual(40);
  });

  test.each(SAME)('same page (rule %s): %s = %s', (_, a, b) => {
    expect(canonicalizeUrl(a)).toBe(canonicalizeUrl(b));
  });

  test.each(DIFFERENT)('different pages (%s): %s ≠ %s', (_, a, b) => {
    expect(canonicalizeUrl(a)).not.toBe(canonicalizeUrl(b));
  });

  test.each([
    ['HTTP://WWW.Example.COM:80/A/b/?b=2&a=1&utm_Source=x#frag', 'https://example.com/A/b?a=1&b=2'],
    ['https://example.com', 'https://example.com/'],
    ['http://bücher.example/caf%c3%a9/', 'https://xn--bcher-kva.example/caf%C3%A9'],
    ['https://example.com/?b=1&B=2&a=3', 'https://example.com/?B=2&a=3&b=1'],
    ['https://app.example/#/inbox?x=1', 'https://app.example/#/inbox?x=1'],
    ['http://example.com:443/a', 'https://example.com:443/a'],
    ['ftp://Example.com/a/#x', 'ftp://example.com/a/'],
  ])('the key of %s is %s', (input, key) => {
    expect(canonicalizeUrl(input)).toBe(key);
  });

  test.each([
    'HTTPS://www.Example.COM:443/A/b/?b=2&a=1&utm_Source=x&FBCLID=z#frag',
    'https://example.com./s?q=hello%20world&z&tag=b&tag=a',
    'http://example.com:8080/?a=b+c&%C3%A9=1',
    'https://example.com/path with space/?x=ü',
    'https://example.com/%7e/%2f/',
    'https://www./a',
  ])('is idempotent for %s', (input) => {
    const once = canonicalizeUrl(input);
    expect(canonicalizeUrl(once)).toBe(once);
  });

  test.each(['', 'not a url', 'example.com/a', '//example.com/a', 'https://'])('throws for %j', (input) => {
    expect(() => canonicalizeUrl(input)).toThrow();
  });
});
