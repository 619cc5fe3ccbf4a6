import type { Collection, Tag } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { withSubCollections } from '@/lib/library/shared-collections';
import type { LibrarySource } from '@/lib/library/sources';

/** The heading of the results for `source`. */
export function sourceTitle(
  source: LibrarySource,
  collections: Collection[],
  tags: Tag[] = [],
  shared?: { collections: SharedItem[]; tags: SharedItem[] },
): string {
  switch (source.kind) {
    case 'all':
      return 'All gems';
    case 'unfiltered':
      return 'Unfiltered';
    case 'favourites':
      return 'Favourites';
    case 'trash':
      return 'Trash';
    case 'duplicates':
      return 'Duplicates';
    case 'following':
      return 'Following';
    case 'offers':
      return 'Your offers';
    case 'writing':
      return 'Writing';
    case 'collection':
      return collections.find((c) => c.id === source.id)?.name ?? 'Collection';
    case 'tag': {
      const tag = tags.find((t) => t.id === source.id);
      return tag ? `#${tag.tag}` : 'Tag';
    }
    case 'saved':
      return 'Saved search';
    case 'search':
      return 'Search results';
    case 'sharedCollection':
      return withSubCollections(shared?.collections ?? []).find((c) => c.id === source.id)?.name ?? 'Shared collection';
    case 'sharedTag': {
      const tag = shared?.tags.find((t) => t.id === source.id);
      return tag ? `#${tag.name}` : 'Shared tag';
    }
  }
}
