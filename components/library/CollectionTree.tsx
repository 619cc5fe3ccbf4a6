import { useQuery } from '@tanstack/react-query';
import type { Collection } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';
import { buildTree, type TreeNode } from '@/lib/library/tree';
import { CollectionMenu } from './CollectionMenu';
import { useLibraryApi } from './library-api-context';
import { libraryCollectionCountsQuery } from './queries';
import { SidebarItem } from './SidebarItem';
import { useExpandedCollections } from './use-expanded';

interface Props {
  collections: Collection[];
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

/**
 * The user's collections, nested, with their counts (a collection's own gems and its sub-collections', as clicking it
 * lists them); which ones are open is remembered (use-expanded.ts).
 */
export function CollectionTree({ collections, source, onSelect }: Props) {
  const expanded = useExpandedCollections();
  const counts = useQuery(libraryCollectionCountsQuery(useLibraryApi()));
  const tree = buildTree(
    collections.filter((c) => !c.isUnfiltered),
    (c) => c.name,
  );
  const renderNode = (node: TreeNode<Collection>) => {
    const { item } = node;
    const open = expanded.isOpen(item.id);
    return (
      <li key={item.id}>
        <SidebarItem
          label={item.name}
          count={counts.data?.get(item.id)}
          depth={node.depth}
          current={source.kind === 'collection' && source.id === item.id}
          onSelect={() => onSelect({ kind: 'collection', id: item.id })}
          toggle={
            node.children.length ? (
              <button
                type="button"
                className="library-nav-toggle"
                aria-expanded={open}
                aria-label={`${open ? 'Collapse' : 'Expand'} ${item.name}`}
                onClick={() => expanded.toggle(item.id)}
              >
                <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              </button>
            ) : undefined
          }
          actions={<CollectionMenu collection={item} path={node.path} collections={collections} />}
        />
        {open && node.children.length > 0 && <ul className="library-nav-list">{node.children.map(renderNode)}</ul>}
      </li>
    );
  };
  return (
    <ul className="library-nav-list" aria-label="Collections">
      {tree.map(renderNode)}
    </ul>
  );
}
