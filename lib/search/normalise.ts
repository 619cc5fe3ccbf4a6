/**
 * The one shape a query tree has when the parser makes it: and/or groups flattened (`a (b c)` is `a b c`), groups
 * of one child replaced by the child, empty groups dropped, double negation cancelled, and matchers with an empty
 * value dropped (no text can say them). `parseSearch(printSearch(q))` equals `normaliseQuery(q)` for any tree.
 */
import type { QueryNode, SearchQuery } from './ast';

function group(kind: 'and' | 'or', children: QueryNode[]): QueryNode | null {
  const flat = children.flatMap((child) => (child.kind === kind ? child.children : [child]));
  if (flat.length === 0) return null;
  const [only] = flat;
  return flat.length === 1 && only ? only : { kind, children: flat };
}

export const andOf = (children: QueryNode[]): QueryNode | null => group('and', children);
export const orOf = (children: QueryNode[]): QueryNode | null => group('or', children);
export const negate = (node: QueryNode): QueryNode => (node.kind === 'not' ? node.child : { kind: 'not', child: node });

function leafValue(node: QueryNode): string | null {
  switch (node.kind) {
    case 'word':
    case 'phrase':
      return node.text;
    case 'tag':
    case 'collection':
      return node.path;
    case 'site':
      return node.host;
    default:
      return null;
  }
}

export function normaliseNode(node: QueryNode): QueryNode | null {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const children = node.children.map(normaliseNode).filter((child): child is QueryNode => child !== null);
      return group(node.kind, children);
    }
    case 'not': {
      const child = normaliseNode(node.child);
      return child === null ? null : negate(child);
    }
    default:
      return leafValue(node) === '' ? null : { ...node };
  }
}

export function normaliseQuery(query: SearchQuery): SearchQuery {
  const root = query.root === null ? null : normaliseNode(query.root);
  return query.sort ? { root, sort: { key: query.sort.key, dir: query.sort.dir } } : { root };
}
