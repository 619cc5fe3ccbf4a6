/**
 * SearchQuery → its canonical text: what the parser (lib/search/parse.ts) reads back as `normaliseQuery(query)`.
 * Keys are lower case, values are quoted only when they must be (lib/search/syntax.ts), an OR inside an AND and a
 * negated group get parentheses, and `sort:` comes last, its direction written only when it is not the default.
 */
import type { QueryNode, SearchQuery, SearchSort } from './ast';
import { normaliseQuery } from './normalise';
import { bareSafe, defaultSortDir, printValue, printWord, quote } from './syntax';

export { normaliseQuery } from './normalise';

export function printSort(sort: SearchSort): string {
  return sort.dir === defaultSortDir[sort.key] ? `sort:${sort.key}` : `sort:${sort.key}-${sort.dir}`;
}

/** A leaf, or a group in parentheses: what may follow `-` or stand beside other terms. */
function printOperand(node: QueryNode): string {
  return node.kind === 'and' || node.kind === 'or' ? `(${printNode(node)})` : printNode(node);
}

/** A normalised node (see normaliseQuery). */
export function printNode(node: QueryNode): string {
  switch (node.kind) {
    case 'and':
      return node.children.map((child) => (child.kind === 'or' ? printOperand(child) : printNode(child))).join(' ');
    case 'or':
      return node.children.map(printNode).join(' OR ');
    case 'not':
      return `-${printOperand(node.child)}`;
    case 'word':
      return printWord(node.text);
    case 'phrase':
      return quote(node.text);
    case 'tag':
      return bareSafe(node.path) ? `#${node.path}` : `tag:${quote(node.path)}`;
    case 'collection':
      return `collection:${printValue(node.path)}`;
    case 'site':
      return `site:${printValue(node.host)}`;
    case 'type':
    case 'is':
    case 'has':
      return `${node.kind}:${node.value}`;
    case 'date':
      return `${node.op}:${node.date}`;
  }
}

export function printSearch(query: SearchQuery): string {
  const { root, sort } = normaliseQuery(query);
  const terms = root === null ? [] : [sort && root.kind === 'or' ? printOperand(root) : printNode(root)];
  if (sort) terms.push(printSort(sort));
  return terms.join(' ');
}
