import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LibrarySource } from '@/lib/library/sources';
import type { LibrarySort } from '@/lib/library/view-prefs';
import type { QueryNode } from '@/lib/search/ast';
import { kindLabels } from '@/lib/search/chips';
import { printNode } from '@/lib/search/print';
import { useLibraryApi } from './library-api-context';
import { libraryFacetsQuery, libraryGemsQuery } from './queries';

interface Props {
  source: LibrarySource;
  q: string | null;
  /** The results' order and page size, as Results asks for them: the facets wait for their first page. */
  sort: LibrarySort | null;
  perPage?: number;
  /** Narrows the results by a facet: the query with the facet's qualifier added. */
  onNarrow: (qualifier: string) => void;
}

/** Counts beside the results by type, tag and site; each count is what the query gives with that facet added. */
export function Facets({ source, q, sort, perPage, onNarrow }: Props) {
  const api = useLibraryApi();
  const results = useInfiniteQuery(libraryGemsQuery(api, source, sort, q, perPage));
  const resultsIn = results.data !== undefined && !results.isPlaceholderData;
  const facets = useQuery(libraryFacetsQuery(api, source, q, resultsIn));
  if (!facets.data) return null;
  const { types, tags, sites } = facets.data.data;
  const group = (title: string, items: { label: string; node: QueryNode; count: number }[]) =>
    items.length > 0 && (
      <section className="library-facet" aria-label={title}>
        <h3>{title}</h3>
        <ul>
          {items.map((item) => (
            <li key={item.label}>
              <button type="button" onClick={() => onNarrow(printNode(item.node))}>
                <span className="library-facet-label">{item.label}</span>
                <span className="library-nav-count">{item.count}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <aside className="library-facets" aria-label="Narrow the results">
      {group(
        'Types',
        types.map((t) => ({ label: kindLabels[t.value], node: { kind: 'type', value: t.value }, count: t.count })),
      )}
      {group(
        'Tags',
        tags.slice(0, 12).map((t) => ({ label: `#${t.path}`, node: { kind: 'tag', path: t.path }, count: t.count })),
      )}
      {group(
        'Sites',
        sites.slice(0, 12).map((s) => ({ label: s.value, node: { kind: 'site', host: s.value }, count: s.count })),
      )}
    </aside>
  );
}
