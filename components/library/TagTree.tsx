import { Suspense, useState } from 'react';
import type { TagWithPath } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';
import { buildTree, type TreeNode } from '@/lib/library/tree';
import { MenuItem } from '../ui/MenuItem';
import { TagMovePicker } from './lazy-parts';
import { SidebarItem } from './SidebarItem';
import { TagMenu } from './TagMenu';
import { useMoves } from './use-moves';
import { dragSource, useDropTarget } from './use-tree-dnd';

interface Props {
  tags: TagWithPath[];
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

/**
 * The user's tags, nested (`parent/child` shown as a tree). A tag dragged onto another moves under it; gems dropped
 * on a tag get it.
 */
export function TagTree({ tags, source, onSelect }: Props) {
  const tree = buildTree(tags, (t) => t.tag);
  const renderNode = (node: TreeNode<TagWithPath>) => (
    <TagNode
      key={node.item.id}
      node={node}
      tags={tags}
      current={source.kind === 'tag' && source.id === node.item.id}
      onSelect={onSelect}
      renderChildren={(children) => <ul className="library-nav-list">{children.map(renderNode)}</ul>}
    />
  );
  return (
    <ul className="library-nav-list" aria-label="Tags">
      {tree.map(renderNode)}
    </ul>
  );
}

interface NodeProps {
  node: TreeNode<TagWithPath>;
  tags: TagWithPath[];
  current: boolean;
  onSelect: (source: LibrarySource) => void;
  renderChildren: (children: TreeNode<TagWithPath>[]) => React.ReactNode;
}

function TagNode({ node, tags, current, onSelect, renderChildren }: NodeProps) {
  const { item } = node;
  const moves = useMoves();
  const [moving, setMoving] = useState(false);
  const target = { id: item.id, name: item.tag };
  const drop = useDropTarget(['tag', 'gems'], (drag) => {
    if (drag.kind === 'tag') void moves.moveTag(drag, target).catch(() => {});
    else if (drag.kind === 'gems') void moves.tagGems(drag.ids, target);
  });
  return (
    <li>
      <SidebarItem
        label={`#${item.tag}`}
        mark={<span className="library-tag-colour" style={{ background: item.color ?? 'transparent' }} />}
        depth={node.depth}
        current={current}
        onSelect={() => onSelect({ kind: 'tag', id: item.id })}
        rowProps={{ ...dragSource({ kind: 'tag', ...target }), ...drop }}
        actions={
          <TagMenu tag={item} tags={tags} extraItems={<MenuItem label="Move to…" onSelect={() => setMoving(true)} />} />
        }
      />
      {moving && (
        <Suspense fallback={null}>
          <TagMovePicker tag={item} tags={tags} onClose={() => setMoving(false)} />
        </Suspense>
      )}
      {node.children.length > 0 && renderChildren(node.children)}
    </li>
  );
}
