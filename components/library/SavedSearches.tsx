import { useQuery } from '@tanstack/react-query';
import type { LibrarySource } from '@/lib/library/sources';
import { useLibraryApi } from './library-api-context';
import { savedSearchesQuery } from './queries';
import { SidebarItem } from './SidebarItem';

interface Props {
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

/** The user's saved searches (smart collections): a click runs the query, shown in the search box. */
export function SavedSearches({ source, onSelect }: Props) {
  const api = useLibraryApi();
  const saved = useQuery(savedSearchesQuery(api));
  if (!saved.data?.length) return <p className="hint library-nav-hint">None yet: search, then Save this search.</p>;
  return (
    <ul className="library-nav-list" aria-label="Saved searches">
      {saved.data.map((search) => (
        <li key={search.id}>
          <SidebarItem
            label={search.name}
            current={source.kind === 'search' && source.query === search.query}
            onSelect={() => onSelect({ kind: 'search', query: search.query })}
          />
        </li>
      ))}
    </ul>
  );
}
