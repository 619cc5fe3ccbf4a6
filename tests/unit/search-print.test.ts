import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryNode, SearchQuery } from '../../lib/search/ast';
import { parseSearch } from '../../lib/search/parse';
import { normaliseQuery, printSearch } from '../../lib/search/print';
import { query } from './search-arbitrary';

const word = (text: string): QueryNode => ({ kind: 'word', text });
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children });
const not = (child: QueryNode): QueryNode => ({ kind: 'not', child });

describe('printSearch', () => {
  it('prints any tree so that parsing the text gives the normalised tree', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const text = printSearch(tree);
        expect(text.length).toBeLessThanOrEqual(1000);
        expect(parseSearch(text)).toStrictEqual({ ok: true, query: normaliseQuery(tree) });
      }),
      { numRuns: 3000 },
    );
  });

  it('is a fixed point: canonical text prints as itself', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const text = printSearch(tree);
        const again = parseSearch(text);
        expect(again.ok && printSearch(again.query)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it.each<[string, string]>([
    ['  fresh   pasta ', 'fresh pasta'],
    ['a OR (b OR c)', 'a OR b OR c'],
    ['(a OR b) c', '(a OR b) c'],
    ['a b OR c', 'a b OR c'],
    ['-(a b) --c', '-(a b) c'],
    ['TAG:"recipes" tag:"weekday dinners" #a/b', '#recipes tag:"weekday dinners" #a/b'],
    ['collection:Recipes/Desserts Collection:"My stuff"', 'collection:Recipes/Desserts collection:"My stuff"'],
    ['type:PDF IS:fav has:Note site:github.com', 'type:pdf is:fav has:note site:github.com'],
    ['sort:title-asc pasta', 'pasta sort:title'],
    ['sort:added-asc', 'sort:added-asc'],
    ['(a OR b) sort:relevance-desc', '(a OR b) sort:relevance'],
    ['"say \\"hi\\""', '"say \\"hi\\""'],
    ['\\OR \\-x tag\\:y \\#z http://x', '\\OR \\-x tag\\:y \\#z http://x'],
    ['rust - go', 'rust \\- go'],
  ])('%s → %s', (text, canonical) => {
    const parsed = parseSearch(text);
    expect(parsed.ok && printSearch(parsed.query)).toBe(canonical);
  });

  it('quotes or escapes values that would otherwise read as something else', () => {
    const tree: SearchQuery = {
      root: and(
        word('a b'),
        word('(x)'),
        word('"'),
        { kind: 'tag', path: 'needs "quotes"' },
        { kind: 'collection', path: 'back\\slash' },
        { kind: 'site', host: 'x y' },
        { kind: 'phrase', text: 'ends with \\' },
      ),
    };
    expect(printSearch(tree)).toBe(
      'a\\ b \\(x\\) \\" tag:"needs \\"quotes\\"" collection:"back\\\\slash" site:"x y" "ends with \\\\"',
    );
  });
});

describe('normaliseQuery', () => {
  it('flattens nested groups, unwraps groups of one, cancels double negation', () => {
    expect(normaliseQuery({ root: and(and(word('a'), word('b')), or(word('c')), not(not(word('d')))) })).toStrictEqual({
      root: and(word('a'), word('b'), word('c'), word('d')),
    });
  });

  it('drops empty groups and matchers with an empty value, leaving no root when nothing is left', () => {
    expect(normaliseQuery({ root: and(or(), word(''), not({ kind: 'tag', path: '' })) })).toStrictEqual({ root: null });
    expect(normaliseQuery({ root: or(word(''), word('x')) })).toStrictEqual({ root: word('x') });
  });

  it('keeps the sort', () => {
    expect(normaliseQuery({ root: null, sort: { key: 'site', dir: 'desc' } })).toStrictEqual({
      root: null,
      sort: { key: 'site', dir: 'desc' },
    });
  });
});
