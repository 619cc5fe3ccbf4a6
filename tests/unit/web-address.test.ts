import { describe, expect, test } from 'vitest';
import { isWebAddress } from '../../lib/api/web-address';

describe('isWebAddress', () => {
  test.each(['http://example.com', 'https://example.com/a?b#c', 'HTTPS://EXAMPLE.COM'])(
    '%s is a web address',
    (url) => {
      expect(isWebAddress(url)).toBe(true);
    },
  );

  test.each([
    'chrome://extensions',
    'about:blank',
    'file:///home/ada/notes.txt',
    'javascript:alert(1)',
    'ftp://example.com',
    'data:text/html,hi',
    'https:example.com',
    ' https://example.com',
    '',
  ])('%s is not', (url) => {
    expect(isWebAddress(url)).toBe(false);
  });

  test('no address is not one either', () => {
    expect(isWebAddress(null)).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});
