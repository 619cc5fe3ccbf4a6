import type { SharedItem } from '../api/sharing-contract';

/**
 * Shared collections with the sub-collections their shares reach, each of those as an item of its own (its share's
 * owner, role and share) right after its parent: what the popup offers to add to, and what the library names and keeps
 * track of. A sub-collection also shared by a share of its own is that share's item only.
 */
export function withSubCollections(items: readonly SharedItem[]): SharedItem[] {
  const listed = new Set(items.map((item) => item.id));
  return items.flatMap((item) => [
    item,
    ...item.subCollections
      .filter((sub) => !listed.has(sub.id))
      .map((sub) => ({
        ...item,
        id: sub.id,
        name: sub.name,
        path: sub.path,
        gemsCount: sub.gemsCount,
        subCollections: [],
      })),
  ]);
}
