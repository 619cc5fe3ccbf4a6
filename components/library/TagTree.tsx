import type { ReactNode } from 'react';
import type { TagWithPath } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';
import { buildTree, type TreeNode } from '@/lib/library/tree';
import { SidebarItem } from './SidebarItem';
import { TagMenu } from './TagMenu';

interface Props {
  tags: TagWithPath[];
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
  /** More commands in a tag's menu (before Delete). */
  menuItems?: (tag: TagWithPath) => ReactNode;
}

/** The user's tags, nested (`parent/child` shown as a tree). */
export function TagTree({ tags, source, onSelect, menuItems }: Props) {
  const tree = buildTree(tags, (t) => t.tag);
  const renderNode = (node: TreeNode<TagWithPath>) => (
    <li key={node.item.id}>
      <SidebarItem
        label={`#${node.item.tag}`}
        mark={<span className="library-tag-colour" style={{ background: node.item.color ?? 'transparent' }} />}
        depth={node.depth}
        current={source.kind === 'tag' && source.id === node.item.id}
        onSelect={() => onSelect({ kind: 'tag', id: node.item.id })}
        actions={<TagMenu tag={node.item} tags={tags} extraItems={menuItems?.(node.item)} />}
      />
      {node.children.length > 0 && <ul className="library-nav-list">{node.children.map(renderNode)}</ul>}
    </li>
  );
  return (
    <ul className="library-nav-list" aria-label="Tags">
      {tree.map(renderNode)}
    </ul>
  );
}
