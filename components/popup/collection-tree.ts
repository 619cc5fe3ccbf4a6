import type { Collection } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { sharedCollectionLabel } from '../../lib/library/shared-collection-label';

export interface CollectionOption {
  collection: Collection;
  depth: number;
  /** "Parent / Child", for search and screen readers. */
  path: string;
}

/** Flattens collections into tree order (Unfiltered first, then by name), each with its depth and path. */
export function flattenCollections(collections: Collection[]): CollectionOption[] {
  const byParent = new Map<number | null, Collection[]>();
  const ids = new Set(collections.map((c) => c.id));
  for (const c of collections) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const order = (a: Collection, b: Collection) =>
    Number(b.isUnfiltered) - Number(a.isUnfiltered) || a.name.localeCompare(b.name, undefined, { numeric: true });
  const out: CollectionOption[] = [];
  const walk = (parent: number | null, depth: number, prefix: string) => {
    for (const c of [...(byParent.get(parent) ?? [])].sort(order)) {
      const path = prefix ? `${prefix} / ${c.name}` : c.name;
      out.push({ collection: c, depth, path });
      walk(c.id, depth + 1, path);
    }
  };
  walk(null, 0, '');
  return out;
}

/** Options whose path matches the query, case-insensitive. */
export function filterCollections(options: CollectionOption[], query: string): CollectionOption[] {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.path.toLowerCase().includes(q)) : options;
}

/** Where a gem in `collectionId` is, as the popup names it: one's own collection's path, or a shared one's label. */
export function collectionLabel(
  collectionId: number,
  collections: Collection[],
  shared: SharedItem[],
): string | undefined {
  const own = flattenCollections(collections).find((o) => o.collection.id === collectionId);
  const other = shared.find((s) => s.id === collectionId);
  return own?.path ?? (other && sharedCollectionLabel(other));
}
