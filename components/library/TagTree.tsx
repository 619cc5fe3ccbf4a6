import type { Tag } from '@/lib/api/contract';
import type { LibrarySource } from '@/lib/library/sources';
import { buildTree, type TreeNode } from '@/lib/library/tree';
import { SidebarItem } from './SidebarItem';

interface Props {
  tags: Tag[];
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

/** The user's tags, nested (`parent/child` shown as a tree). */
export function TagTree({ tags, source, onSelect }: Props) {
  const tree = buildTree(tags, (t) => t.tag);
  const renderNode = (node: TreeNode<Tag>) => (
    <li key={node.item.id}>
      <SidebarItem
        label={`#${node.item.tag}`}
        mark={<span className="library-tag-colour" style={{ background: node.item.color ?? 'transparent' }} />}
        depth={node.depth}
        current={source.kind === 'tag' && source.id === node.item.id}
        onSelect={() => onSelect({ kind: 'tag', id: node.item.id })}
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
