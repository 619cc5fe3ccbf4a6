import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseRequestJson, tooDeepAt } from '../../server/http/json-text';

const nestsDeeperThan = (text: string, max: number) => tooDeepAt(text, max) !== undefined;

describe('tooDeepAt, as a yes or no', () => {
  it('counts arrays and objects opened inside one another', () => {
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\"[[[[", "\\\\"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[]]]', 2)).toBe(true);
  });
});

describe('tooDeepAt', () => {
  it('gives the path to the container that goes too deep: object keys, then indices in arrays', () => {
    expect(tooDeepAt('{"data":{"tags":["a",[[[]]]]}}', 4)).toEqual(['data', 'tags', 1, 0]);
    expect(tooDeepAt('{"a":1,"b":{"c\\"d":[[[]]]}}', 3)).toEqual(['b', 'c"d', 0]);
    expect(tooDeepAt('{"a":"{{{{","b":[]}', 2)).toBeUndefined();
  });

  it('names the field in a refusal, without the array indices it ends with; not when the body itself is too deep', () => {
    const inTags = `{"data":{"tags":[${'['.repeat(100)}${']'.repeat(100)}]}}`;
    expect(parseRequestJson(inTags)).toMatchObject({ ok: false, field: 'data.tags' });
    expect(parseRequestJson(`${'['.repeat(100)}${']'.repeat(100)}`)).not.toHaveProperty('field');
  });
});

describe('parseRequestJson', () => {
  it('parses JSON with its strings cleaned', () => {
    expect(parseRequestJson('{"t":"a\\u0000\\ud800"}')).toEqual({ ok: true, value: { t: 'a\ufffd' } });
  });

  it('refuses deep nesting before parsing and says why', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseRequestJson(deep)).toEqual({ ok: false, problem: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) });
    const atLimit = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(parseRequestJson(atLimit).ok).toBe(true);
  });

  it('says when the text is not JSON', () => {
    expect(parseRequestJson('{"a":')).toEqual({ ok: false, problem: 'must be valid JSON' });
    expect(parseRequestJson('')).toEqual({ ok: false, problem: 'must be valid JSON' });
  });
});
