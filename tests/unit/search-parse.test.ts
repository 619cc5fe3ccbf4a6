import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryNode, SearchQuery } from '../../lib/search/ast';
import { parseSearch } from '../../lib/search/parse';

const word = (text: string): QueryNode => ({ kind: 'word', text });
const phrase = (text: string): QueryNode => ({ kind: 'phrase', text });
const tag = (path: string): QueryNode => ({ kind: 'tag', path });
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children });
const not = (child: QueryNode): QueryNode => ({ kind: 'not', child });

function tree(text: string): SearchQuery {
  const result = parseSearch(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message} at ${result.error.position}`);
  return result.query;
}

function failure(text: string) {
  const result = parseSearch(text);
  if (result.ok) throw new Error(`${text} parsed as ${JSON.stringify(result.query)}`);
  return result.error;
}

describe('parseSearch: the trees of typical queries', () => {
  it.each<[string, SearchQuery]>([
    ['', { root: null }],
    ['   \t\n ', { root: null }],
    ['pasta', { root: word('pasta') }],
    ['fresh pasta', { root: and(word('fresh'), word('pasta')) }],
    ['"fresh pasta" recipe', { root: and(phrase('fresh pasta'), word('recipe')) }],
    ['-java', { root: not(word('java')) }],
    ['rust -java', { root: and(word('rust'), not(word('java'))) }],
    ['rust OR go', { root: or(word('rust'), word('go')) }],
    ['rust or go', { root: and(word('rust'), word('or'), word('go')) }],
    ['a b OR c', { root: or(and(word('a'), word('b')), word('c')) }],
    ['a (b OR c)', { root: and(word('a'), or(word('b'), word('c'))) }],
    ['a OR b OR c', { root: or(word('a'), word('b'), word('c')) }],
    ['a OR (b OR c)', { root: or(word('a'), word('b'), word('c')) }],
    ['a (b c) ((d))', { root: and(word('a'), word('b'), word('c'), word('d')) }],
    ['-(a OR b) c', { root: and(not(or(word('a'), word('b'))), word('c')) }],
    ['--a', { root: word('a') }],
    ['#recipes', { root: tag('recipes') }],
    ['tag:recipes/desserts', { root: tag('recipes/desserts') }],
    ['TAG:Recipes #"weekday dinners"', { root: and(tag('Recipes'), tag('weekday dinners')) }],
    ['-#draft', { root: not(tag('draft')) }],
    ['collection:"Recipes/Desserts"', { root: { kind: 'collection', path: 'Recipes/Desserts' } }],
    ['type:PDF', { root: { kind: 'type', value: 'pdf' } }],
    ['site:github.com', { root: { kind: 'site', host: 'github.com' } }],
    ['IS:Broken -is:fav', { root: and({ kind: 'is', value: 'broken' }, not({ kind: 'is', value: 'fav' })) }],
    [
      'is:fav has:note -has:image',
      {
        root: and({ kind: 'is', value: 'fav' }, { kind: 'has', value: 'note' }, not({ kind: 'has', value: 'image' })),
      },
    ],
    [
      'after:2025-01-01 before:2024-02-29',
      {
        root: and(
          { kind: 'date', op: 'after', date: '2025-01-01' },
          { kind: 'date', op: 'before', date: '2024-02-29' },
        ),
      },
    ],
    ['sort:title', { root: null, sort: { key: 'title', dir: 'asc' } }],
    ['pasta sort:added', { root: word('pasta'), sort: { key: 'added', dir: 'desc' } }],
    ['sort:Updated-ASC pasta', { root: word('pasta'), sort: { key: 'updated', dir: 'asc' } }],
    ['(a OR b) sort:relevance', { root: or(word('a'), word('b')), sort: { key: 'relevance', dir: 'desc' } }],
    ['sort:manual-desc', { root: null, sort: { key: 'manual', dir: 'desc' } }],
    [
      'http://example.com/a 10:30 C++ foo-bar',
      {
        root: and(word('http://example.com/a'), word('10:30'), word('C++'), word('foo-bar')),
      },
    ],
    ['"say \\"hi\\"" "C:\\Users"', { root: and(phrase('say "hi"'), phrase('C:\\Users')) }],
    ['\\OR \\-x tag\\:y \\#z', { root: and(word('OR'), word('-x'), word('tag:y'), word('#z')) }],
    ['rust - go --', { root: and(word('rust'), word('-'), word('go'), not(word('-'))) }],
    ['C# café 東京', { root: and(word('C#'), word('café'), word('東京')) }],
    ['a"b', { root: word('a"b') }],
  ])('%s', (text, expected) => {
    expect(tree(text)).toStrictEqual(expected);
  });
});

describe('parseSearch: errors say where and what was expected', () => {
  it.each<[string, number, string]>([
    ['(a b', 4, "Expected ')' to close the '(' at 0"],
    ['a (b (c)', 8, "Expected ')' to close the '(' at 2"],
    ['a b)', 3, "Unexpected ')': there is no '(' for it to close"],
    ['()', 1, "Expected a word, phrase, qualifier or '(' inside the parentheses"],
    ['OR a', 0, "Expected a word, phrase, qualifier or '(' before OR"],
    ['a OR', 4, "Expected a word, phrase, qualifier or '(' after the OR at 2"],
    ['a OR OR b', 5, "Expected a word, phrase, qualifier or '(' after the OR at 2"],
    ['(a) -OR b', 5, "Expected a word, phrase, qualifier or '(' after the '-' at 4"],
    ['"open phrase', 12, "Expected '\"' to close the phrase that starts at 0"],
    ['a ""', 2, 'Expected some text between the quotes'],
    ['tag:', 4, "Expected a value after 'tag:'"],
    ['collection:"Recipes', 19, "Expected '\"' to close the value that starts at 11"],
    ['#', 1, "Expected a tag after '#'"],
    ['type:pdfs', 5, "Unknown type 'pdfs': expected one of link, article, image, code, pdf, audio, video, quote, note"],
    ['is:archived', 3, "Unknown is: 'archived': expected one of fav, broken"],
    ['has:tags', 4, "Unknown has: 'tags': expected one of note, image"],
    ['before:2026-02-30', 7, "Invalid date '2026-02-30' after 'before:': expected a real day as YYYY-MM-DD"],
    ['after:yesterday', 6, "Invalid date 'yesterday' after 'after:': expected a real day as YYYY-MM-DD"],
    [
      'sort:name',
      5,
      "Unknown sort 'name': expected one of added, updated, title, site, relevance, manual, optionally with -asc or -desc",
    ],
    [
      'sort:title-up',
      5,
      "Unknown sort 'title-up': expected one of added, updated, title, site, relevance, manual, optionally with -asc or -desc",
    ],
    ['a -sort:title', 2, "'sort:' cannot be negated"],
    ['(a sort:title)', 3, "'sort:' works only at the top level, not inside parentheses"],
    ['a OR b sort:title', 7, "'sort:' cannot be part of an OR: put the OR in parentheses, e.g. (a OR b) sort:title"],
    ['sort:title a sort:added', 13, "Only one 'sort:' per query (there is one at 0)"],
    [
      'pasta lang:it',
      6,
      "Unknown qualifier 'lang:': expected one of tag, collection, type, site, is, has, before, after, sort",
    ],
  ])('%s', (text, position, message) => {
    expect(failure(text)).toStrictEqual({ position, message });
  });

  it('refuses more than 20 levels of parentheses and more than 1,000 characters', () => {
    expect(failure(`${'('.repeat(21)}a${')'.repeat(21)}`)).toStrictEqual({
      position: 20,
      message: 'Too deeply nested: at most 20 levels of parentheses',
    });
    expect(failure('x'.repeat(1001))).toStrictEqual({
      position: 1000,
      message: 'The query is too long: at most 1000 characters',
    });
  });

  it('accepts 20 levels of parentheses and 1,000 characters', () => {
    expect(tree(`${'('.repeat(20)}a${')'.repeat(20)}`)).toStrictEqual({ root: word('a') });
    expect(tree('x'.repeat(1000))).toStrictEqual({ root: word('x'.repeat(1000)) });
  });
});

describe('parseSearch on any input', () => {
  const pieces = fc.constantFrom(
    '(',
    ')',
    '"',
    '\\',
    '-',
    '#',
    ':',
    ' ',
    'OR',
    'or',
    'tag:',
    'collection:',
    'type:',
    'sort:',
    'is:',
    'has:',
    'before:',
    'after:',
    'site:',
    'pdf',
    'fav',
    'broken',
    'title-desc',
    '2026-01-31',
    'http://',
    'a',
    'é',
    '\u{1F600}',
    '\n',
  );
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 1200 }),
  );

  it('never throws, and an error has a position within the text', () => {
    fc.assert(
      fc.property(text, (input) => {
        const result = parseSearch(input);
        if (!result.ok) {
          expect(result.error.position).toBeGreaterThanOrEqual(0);
          expect(result.error.position).toBeLessThanOrEqual(input.length);
          expect(result.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
