import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search/parse';
import { completeValue, matchingNames, valueBeingTyped } from '../../lib/search/suggest';

describe('valueBeingTyped', () => {
  it.each([
    ['#', { key: 'tag', prefix: '', start: 0 }],
    ['cake #rec', { key: 'tag', prefix: 'rec', start: 5 }],
    ['cake -tag:rec', { key: 'tag', prefix: 'rec', start: 6 }],
    ['(a OR TAG:x', { key: 'tag', prefix: 'x', start: 6 }],
    ['collection:"Weekday din', { key: 'collection', prefix: 'Weekday din', start: 0 }],
    ['x Collection:Rec', { key: 'collection', prefix: 'Rec', start: 2 }],
  ])('%s', (text, expected) => {
    expect(valueBeingTyped(text)).toStrictEqual(expected);
  });

  it.each(['', 'cake', '#rec ', 'tag:"done" ', 'type:pd', 'C#', 'site:rec', 'collection:"a\\"b'])(
    'nothing to complete in %j',
    (text) => {
      expect(valueBeingTyped(text)).toBeNull();
    },
  );
});

describe('matchingNames', () => {
  const names = ['Recipes', 'recipes/desserts', 'Quick recipes', 'Travel', 'Rec'];
  it('puts names that start with the prefix first, in any case, and leaves out the prefix itself', () => {
    expect(matchingNames(names, 'rec')).toStrictEqual(['Recipes', 'recipes/desserts', 'Rec', 'Quick recipes']);
    expect(matchingNames(names, 'Rec')).toStrictEqual(['Recipes', 'recipes/desserts', 'Quick recipes']);
    expect(matchingNames(names, '', 2)).toStrictEqual(['Recipes', 'recipes/desserts']);
  });
});

describe('completeValue', () => {
  it.each([
    ['cake #rec', 'recipes/desserts', 'cake #recipes/desserts '],
    ['cake -tag:wee', 'weekday dinners', 'cake -tag:"weekday dinners" '],
    ['collection:"Weekday din', 'Weekday dinners', 'collection:"Weekday dinners" '],
    ['collection:Re', 'Recipes', 'collection:Recipes '],
  ])('%s + %s', (text, name, completed) => {
    const typed = valueBeingTyped(text);
    if (typed === null) throw new Error(`nothing typed in ${text}`);
    expect(completeValue(text, typed, name)).toBe(completed);
    expect(parseSearch(completed).ok).toBe(true);
  });
});
