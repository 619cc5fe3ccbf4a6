import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import type { Collection } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';
import { buildTree, type TreeNode } from '@/lib/library/tree';
import { CollectionMenu } from './CollectionMenu';
import { useLibraryApi } from './library-api-context';
import { libraryCollectionCountsQuery } from './queries';
import { SidebarItem } from './SidebarItem';
import { TreeToggle } from './TreeToggle';
import { useExpandedCollections } from './use-expanded';
import { type Moves, useMoves } from './use-moves';
import { dragSource, useDropTarget } from './use-tree-dnd';

interface Props {
  collections: Collection[];
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

type Expanded = ReturnType<typeof useExpandedCollections>;

/**
 * The user's collections, nested, with their counts (a collection's own gems and its sub-collections', as clicking it
 * lists them); which ones are open is remembered (use-expanded.ts). A collection moves by drag and drop, by
 * Ctrl/⌘+X then Ctrl/⌘+V on its new parent (Escape cancels), or from its menu; gems dropped on one move into it.
 */
export function CollectionTree({ collections, source, onSelect }: Props) {
  const expanded = useExpandedCollections();
  const counts = useQuery(libraryCollectionCountsQuery(useLibraryApi()));
  const tree = buildTree(
    collections.filter((c) => !c.isUnfiltered),
    (c) => c.name,
  );
  const renderNode = (node: TreeNode<Collection>) => (
    <CollectionNode
      key={node.item.id}
      node={node}
      count={counts.data?.get(node.item.id)}
      current={source.kind === 'collection' && source.id === node.item.id}
      onSelect={onSelect}
      expanded={expanded}
      collections={collections}
      renderChildren={(children) => <ul className="library-nav-list">{children.map(renderNode)}</ul>}
    />
  );
  return (
    <ul className="library-nav-list" aria-label="Collections">
      {tree.map(renderNode)}
    </ul>
  );
}

interface NodeProps {
  node: TreeNode<Collection>;
  count: number | undefined;
  current: boolean;
  onSelect: (source: LibrarySource) => void;
  expanded: Expanded;
  collections: Collection[];
  renderChildren: (children: TreeNode<Collection>[]) => React.ReactNode;
}

/** Moves `what` into `dest` and opens `dest` so it shows there; a refusal is in the move notice. */
const moveInto = (moves: Moves, expanded: Expanded, what: { id: number; name: string }, dest: Collection) =>
  moves
    .moveCollection(what, { id: dest.id, name: dest.name })
    .then(() => expanded.show(dest.id))
    .catch(() => {});

function CollectionNode({ node, count, current, onSelect, expanded, collections, renderChildren }: NodeProps) {
  const { item } = node;
  const moves = useMoves();
  const open = expanded.isOpen(item.id);
  const drop = useDropTarget(['collection', 'gems'], (drag) => {
    if (drag.kind === 'collection') void moveInto(moves, expanded, drag, item);
    else if (drag.kind === 'gems') void moves.moveGems(drag.ids, item).catch(() => {});
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key.toLowerCase() === 'x') {
      event.preventDefault();
      moves.setCut({ id: item.id, name: item.name });
    } else if (command && event.key.toLowerCase() === 'v' && moves.cut) {
      event.preventDefault();
      void moveInto(moves, expanded, moves.cut, item);
    } else if (event.key === 'Escape' && moves.cut) {
      event.preventDefault();
      moves.setCut(null);
    }
  };
  return (
    <li>
      <SidebarItem
        label={item.name}
        count={count}
        depth={node.depth}
        current={current}
        onSelect={() => onSelect({ kind: 'collection', id: item.id })}
        onKeyDown={onKeyDown}
        rowProps={{
          ...dragSource({ kind: 'collection', id: item.id, name: item.name }),
          ...drop,
          'data-cut': moves.cut?.id === item.id || undefined,
        }}
        toggle={
          node.children.length ? (
            <TreeToggle name={item.name} open={open} onToggle={() => expanded.toggle(item.id)} />
          ) : undefined
        }
        actions={
          <CollectionMenu
            collection={item}
            path={node.path}
            collections={collections}
            onMoved={(dest) => dest !== null && expanded.show(dest)}
          />
        }
      />
      {open && node.children.length > 0 && renderChildren(node.children)}
    </li>
  );
}
