import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryNode, SearchQuery } from '../../lib/search/ast';
import {
  chipsText,
  joinQueryText,
  removeChip,
  type SearchChips,
  searchChips,
  toggleChip,
} from '../../lib/search/chips';
import { parseSearch } from '../../lib/search/parse';
import { normaliseQuery } from '../../lib/search/print';
import { query } from './search-arbitrary';

function chipsOf(text: string): SearchChips {
  const parsed = parseSearch(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return searchChips(parsed.query);
}

/** The top-level AND terms, in a fixed order: chips reorder terms (chips first), which changes no result. */
function termSet(tree: SearchQuery): string[] {
  const { root, sort } = normaliseQuery(tree);
  const terms: QueryNode[] = root === null ? [] : root.kind === 'and' ? root.children : [root];
  return [...terms.map((term) => JSON.stringify(term)), JSON.stringify(sort ?? null)].sort();
}

describe('searchChips', () => {
  it('makes chips of qualifiers, negations, groups and sort, and keeps plain words and phrases as text', () => {
    expect(chipsOf('cake #recipes -type:pdf "dark chocolate" (a OR b) -gluten sort:title')).toStrictEqual({
      chips: [
        { kind: 'tag', label: '#recipes', text: '#recipes', negated: false },
        { kind: 'type', label: 'not PDFs', text: '-type:pdf', negated: true },
        { kind: 'group', label: 'a OR b', text: '(a OR b)', negated: false },
        { kind: 'word', label: 'not gluten', text: '-gluten', negated: true },
        { kind: 'sort', label: 'sorted by title ↑', text: 'sort:title', negated: false },
      ],
      freeText: 'cake "dark chocolate"',
    });
  });

  it.each<[string, string[]]>([
    ['collection:"Recipes/Desserts" site:github.com', ['in Recipes/Desserts', 'on github.com']],
    ['is:fav has:note has:image', ['Favourites', 'with a note', 'with an image']],
    ['is:broken', ['Broken links']],
    [
      'after:2026-01-01 before:2026-02-01 sort:added-asc',
      ['after 2026-01-01', 'before 2026-02-01', 'sorted by added ↑'],
    ],
    ['-(a b) -"x y"', ['not a b', 'not "x y"']],
  ])('labels %s', (text, labels) => {
    expect(chipsOf(text).chips.map((chip) => chip.label)).toStrictEqual(labels);
  });

  it('keeps a top-level OR as text, with only its sort as a chip', () => {
    expect(chipsOf('(#a OR #b) sort:site')).toStrictEqual({
      chips: [{ kind: 'sort', label: 'sorted by site ↑', text: 'sort:site', negated: false }],
      freeText: '#a OR #b',
    });
    expect(chipsText(chipsOf('(#a OR #b) sort:site'))).toBe('sort:site (#a OR #b)');
  });

  it('has nothing for an empty query', () => {
    expect(chipsOf('   ')).toStrictEqual({ chips: [], freeText: '' });
  });
});

describe('chip edits give new query text', () => {
  const model = chipsOf('cake #recipes -type:pdf sort:title');

  it('removes a chip', () => {
    expect(removeChip(model, 0)).toBe('-type:pdf sort:title cake');
    expect(removeChip(model, 2)).toBe('#recipes -type:pdf cake');
  });

  it('toggles negation, and the sort direction', () => {
    expect(toggleChip(model, 0)).toBe('-#recipes -type:pdf sort:title cake');
    expect(toggleChip(model, 1)).toBe('#recipes type:pdf sort:title cake');
    expect(toggleChip(model, 2)).toBe('#recipes -type:pdf sort:title-desc cake');
    expect(toggleChip(chipsOf('(a OR b) #c'), 0)).toBe('-(a OR b) #c');
  });

  it('puts typed text that is an OR in parentheses beside chips', () => {
    expect(joinQueryText(['#recipes'], 'cake OR pie')).toBe('#recipes (cake OR pie)');
    expect(joinQueryText(['#recipes'], 'cake pie')).toBe('#recipes cake pie');
    expect(joinQueryText([], 'cake OR pie')).toBe('cake OR pie');
    expect(joinQueryText(['#recipes'], '  ')).toBe('#recipes');
  });
});

describe('chips round-trip', () => {
  it('text made of chips gives back the same chips, the same text, and the same terms', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const model = searchChips(tree);
        const text = chipsText(model);
        const parsed = parseSearch(text);
        if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
        expect(searchChips(parsed.query)).toStrictEqual(model);
        expect(chipsText(searchChips(parsed.query))).toBe(text);
        if (normaliseQuery(tree).root?.kind !== 'or') expect(termSet(parsed.query)).toStrictEqual(termSet(tree));
        else expect(normaliseQuery(parsed.query)).toStrictEqual(normaliseQuery(tree));
      }),
      { numRuns: 2000 },
    );
  });
});
