import type { Collection } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';

/** The heading of the results for `source`. */
export function sourceTitle(source: LibrarySource, collections: Collection[]): string {
  switch (source.kind) {
    case 'all':
      return 'All gems';
    case 'unfiltered':
      return 'Unfiltered';
    case 'favourites':
      return 'Favourites';
    case 'trash':
      return 'Trash';
    case 'collection':
      return collections.find((c) => c.id === source.id)?.name ?? 'Collection';
    case 'tag':
      return 'Tag';
    case 'saved':
      return 'Saved search';
    case 'search':
      return 'Search results';
  }
}
