import type { QueryNode } from '../search/ast';
import { printNode } from '../search/print';
import type { LibrarySource } from './sources';

/**
 * The search text that stands for a sidebar source (`collection:"Recipes/Desserts"`, `tag:baking`, `is:fav`), so
 * every list is one `GET /api/filter-search`; `path` gives a collection's or tag's path by id. Trash and saved
 * searches have their own routes or parameter and give null; so does a collection or tag not (yet) known.
 */
export function sourceQuery(
  source: LibrarySource,
  path: { collection(id: number): string | null; tag(id: number): string | null },
) {
  const node = (n: QueryNode) => printNode(n);
  switch (source.kind) {
    case 'all':
      return '';
    case 'unfiltered':
      return node({ kind: 'collection', path: 'Unfiltered' });
    case 'favourites':
      return node({ kind: 'is', value: 'fav' });
    case 'collection': {
      const p = path.collection(source.id);
      return p === null ? null : node({ kind: 'collection', path: p });
    }
    case 'tag': {
      const p = path.tag(source.id);
      return p === null ? null : node({ kind: 'tag', path: p });
    }
    case 'search':
      return source.query;
    default:
      return null;
  }
}
