import type { SharedItem } from '@/lib/api/sharing-contract';
import { type LibrarySource, sameSource } from '@/lib/library/sources';
import { SidebarItem } from './SidebarItem';
import { TreeToggle } from './TreeToggle';
import type { useExpandedCollections } from './use-expanded';

interface Props {
  item: SharedItem;
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
  /** Which collections are open: the sidebar's own tree's, remembered with it (ids are the server's, one space). */
  expanded: ReturnType<typeof useExpandedCollections>;
}

/**
 * The sub-collections a shared collection's share reaches, under it in Shared with me: each behind its parent's
 * toggle, as the user's own tree shows theirs.
 */
export function SharedSubCollections({ item, source, onSelect, expanded }: Props) {
  const parents = new Set(item.subCollections.map((sub) => sub.parentId));
  const shown = new Set<number>();
  const visible = item.subCollections.filter((sub) => {
    const parentShown = sub.parentId === item.id || shown.has(sub.parentId);
    if (parentShown && expanded.isOpen(sub.parentId)) shown.add(sub.id);
    return shown.has(sub.id);
  });
  if (!visible.length) return null;
  return (
    <ul className="library-nav-list" aria-label={`In ${item.name}`}>
      {visible.map((sub) => (
        <li key={sub.id}>
          <SidebarItem
            label={sub.name}
            count={sub.gemsCount}
            depth={sub.path.split('/').length - item.path.split('/').length}
            current={sameSource(source, { kind: 'sharedCollection', id: sub.id })}
            onSelect={() => onSelect({ kind: 'sharedCollection', id: sub.id })}
            toggle={
              parents.has(sub.id) ? (
                <TreeToggle name={sub.name} open={expanded.isOpen(sub.id)} onToggle={() => expanded.toggle(sub.id)} />
              ) : undefined
            }
          />
        </li>
      ))}
    </ul>
  );
}
