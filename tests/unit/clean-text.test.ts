import { describe, expect, it } from 'vitest';
import { cleanJson, cleanRecord, cleanText, parseCleanJson } from '../../lib/api/clean-text';

describe('cleanText', () => {
  it('removes NUL characters', () => {
    expect(cleanText('a\u0000b\u0000\u0000c')).toBe('abc');
    expect(cleanText('\u0000')).toBe('');
  });

  it('replaces unpaired surrogates with U+FFFD and keeps paired ones', () => {
    expect(cleanText('x\ud800y')).toBe('x\ufffdy');
    expect(cleanText('\udc00')).toBe('\ufffd');
    expect(cleanText('end\ud83d')).toBe('end\ufffd');
    expect(cleanText('😀 \ud83d\ude00')).toBe('😀 😀');
    expect(cleanText('\ude00\ud83d')).toBe('\ufffd\ufffd');
  });

  it('joins the halves of a pair split by a NUL into the character they form', () => {
    expect(cleanText('\ud83d\u0000\ude00')).toBe('😀');
  });

  it('returns clean text unchanged', () => {
    const text = 'Ünïcode, emoji 🎉, tabs\tand\nnewlines';
    expect(cleanText(text)).toBe(text);
  });
});

describe('cleanJson and parseCleanJson', () => {
  it('cleans strings at any depth, in arrays and in object keys', () => {
    const parsed = parseCleanJson(
      '{"da\\u0000ta":{"title":"a\\u0000b","tags":["x\\ud800",1,true,null],"media":{"alt\\udc00":"c"}}}',
    );
    expect(parsed).toEqual({ data: { title: 'ab', tags: ['x\ufffd', 1, true, null], media: { 'alt\ufffd': 'c' } } });
  });

  it('cleans a top-level string and leaves numbers, booleans and null alone', () => {
    expect(parseCleanJson('"\\u0000x"')).toBe('x');
    expect(parseCleanJson('12')).toBe(12);
    expect(parseCleanJson('false')).toBe(false);
    expect(parseCleanJson('null')).toBeNull();
  });

  it('keeps a key that cleans to "__proto__" as plain data, not as the prototype', () => {
    const parsed = parseCleanJson('{"__proto\\u0000__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles nesting far deeper than the call stack allows recursion', () => {
    const depth = 200_000;
    const parsed = parseCleanJson(`${'['.repeat(depth)}"\\u0000a"${']'.repeat(depth)}`);
    let value: unknown = parsed;
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toBe('a');
  });

  it('throws on text that is not JSON', () => {
    expect(() => parseCleanJson('{"a":')).toThrow(SyntaxError);
  });

  it('cleans in place and returns the same object', () => {
    const value = { a: ['\u0000b'] };
    expect(cleanJson(value)).toBe(value);
    expect(value).toEqual({ a: ['b'] });
  });
});

describe('cleanRecord', () => {
  it('cleans keys and values of a query-like record', () => {
    expect(cleanRecord({ 'se\u0000arch': 'a\u0000\ud800', page: '2' })).toEqual({ search: 'a\ufffd', page: '2' });
  });
});
