/**
 * What the library page shows in its results: a fixed view of the sidebar (all gems, Unfiltered, favourites,
 * trash, duplicates, following, your offers, writing), a collection, a tag, a saved search, a collection or tag shared with the user, or a
 * typed search. Its key names it in query keys and in the view
 * preferences remembered per collection (view-prefs.ts).
 */
export type LibrarySource =
  | { kind: 'all' }
  | { kind: 'unfiltered' }
  | { kind: 'favourites' }
  | { kind: 'trash' }
  | { kind: 'duplicates' }
  | { kind: 'following' }
  | { kind: 'offers' }
  | { kind: 'writing' }
  | { kind: 'collection'; id: number }
  | { kind: 'tag'; id: number }
  | { kind: 'saved'; id: number }
  | { kind: 'sharedCollection'; id: number }
  | { kind: 'sharedTag'; id: number }
  | { kind: 'search'; query: string };

export const ALL_GEMS: LibrarySource = { kind: 'all' };

export function sourceKey(source: LibrarySource): string {
  switch (source.kind) {
    case 'collection':
    case 'tag':
    case 'saved':
    case 'sharedCollection':
    case 'sharedTag':
      return `${source.kind}:${source.id}`;
    case 'search':
      return `search:${source.query}`;
    default:
      return source.kind;
  }
}

export const sameSource = (a: LibrarySource, b: LibrarySource) => sourceKey(a) === sourceKey(b);
