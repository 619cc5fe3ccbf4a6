/**
 * Random search trees for the property tests, with the awkward values the printer must quote or escape. Left out,
 * because no text can say them: dates that are not real days (the tree type allows any string; the parser refuses
 * them, and years 0000–0099 with them), so dates are real days of the years 1000–9999. Everything else, empty
 * strings and unnormalised shapes included, is generated.
 */
import fc from 'fast-check';
import { type QueryNode, type SearchQuery, searchKinds, searchSorts } from '../../lib/search/ast';

const awkward = fc.constantFrom(
  '',
  ' ',
  '"',
  '\\',
  '\\"',
  '-',
  '--x',
  '#',
  '#x',
  'OR',
  'or',
  '(',
  ')',
  '()',
  'a b',
  'tag:x',
  'Type:pdf',
  'sort:title',
  'http://x.test/a?b=c',
  '10:30',
  ':',
  'x:',
  'C:\\Users',
  'café',
  '東京',
  '\u{1F600}',
  '\n',
  '\t',
  'a"b',
  '-(a OR b)',
);

export const value = fc.oneof(
  { weight: 2, arbitrary: awkward },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.array(awkward, { maxLength: 3 }).map((parts) => parts.join('')) },
);

const day = fc
  .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

export const leaf: fc.Arbitrary<QueryNode> = fc.oneof(
  value.map((text): QueryNode => ({ kind: 'word', text })),
  value.map((text): QueryNode => ({ kind: 'phrase', text })),
  value.map((path): QueryNode => ({ kind: 'tag', path })),
  value.map((path): QueryNode => ({ kind: 'collection', path })),
  value.map((host): QueryNode => ({ kind: 'site', host })),
  fc.constantFrom(...searchKinds).map((kind): QueryNode => ({ kind: 'type', value: kind })),
  fc.constant<QueryNode>({ kind: 'is', value: 'fav' }),
  fc.constantFrom('note' as const, 'image' as const).map((has): QueryNode => ({ kind: 'has', value: has })),
  fc
    .record({ op: fc.constantFrom('before' as const, 'after' as const), date: day })
    .map(({ op, date }): QueryNode => ({ kind: 'date', op, date })),
);

/** Trees three levels deep at most, so the printed text stays within the parser's 1,000 characters. */
export const node: fc.Arbitrary<QueryNode> = fc.letrec<{ node: QueryNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 3, arbitrary: leaf },
    fc.array(tie('node'), { maxLength: 3 }).map((children): QueryNode => ({ kind: 'and', children })),
    fc.array(tie('node'), { maxLength: 3 }).map((children): QueryNode => ({ kind: 'or', children })),
    tie('node').map((child): QueryNode => ({ kind: 'not', child })),
  ),
})).node;

export const query: fc.Arbitrary<SearchQuery> = fc.record(
  {
    root: fc.option(node, { nil: null }),
    sort: fc.record({ key: fc.constantFrom(...searchSorts), dir: fc.constantFrom('asc' as const, 'desc' as const) }),
  },
  { requiredKeys: ['root'] },
);
