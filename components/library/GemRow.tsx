import type { MouseEvent } from 'react';
import type { GemSummary } from '@/lib/api/contract';
import type { SearchHit } from '@/lib/api/search-contract';
import { dayOf } from '@/lib/day';
import { siteOf } from '@/lib/page/site-name';
import { Snippet } from './Snippet';
import { dragSource, useDropTarget } from './use-tree-dnd';

export interface GemItemProps {
  gem: GemSummary | SearchHit;
  index: number;
  active: boolean;
  open: boolean;
  selected: boolean;
  /** A click (with its keys: Shift or Ctrl/⌘ select instead of opening). */
  onOpen: (event?: MouseEvent) => void;
  /** A command beside the gem (Restore, in the trash). */
  action?: { label: string; run: () => void };
  /** The gems a drag of this one carries (it, or the selection it is in); none: it is not dragged (the trash). */
  dragIds?: number[];
  /** In a manual order: the gem `id` was dropped right before or after this one. */
  onPlace?: (id: number, position: 'before' | 'after') => void;
}

/** A gem's drag (onto a collection or a tag in the sidebar) and, in a manual order, its drop (use-tree-dnd.ts). */
export function useGemDnd({ gem, dragIds, onPlace }: GemItemProps) {
  const drop = useDropTarget(onPlace ? ['gems'] : [], (drag, position) => {
    const [id] = drag.kind === 'gems' && drag.ids.length === 1 ? drag.ids : [];
    if (id !== undefined && id !== gem.id) onPlace?.(id, position);
  });
  if (!dragIds) return {};
  const title = dragIds.length === 1 ? gem.title : `${dragIds.length} gems`;
  return { ...dragSource({ kind: 'gems', ids: dragIds, title }), ...(onPlace ? drop : {}) };
}

/** The focusable part of a gem in any view: a button that opens its sheet, one in the tab order at a time. */
export const openButtonProps = ({ gem, index, active, onOpen }: GemItemProps) => ({
  type: 'button' as const,
  className: 'library-row-open',
  tabIndex: active ? 0 : -1,
  onClick: onOpen,
  'data-gem-index': index,
  'data-gem-id': gem.id,
});

/** A selected gem's check mark before its title in every view (its name says "(selected)" after the title). */
export function SelectedMark({ selected }: { selected: boolean }) {
  return selected ? (
    <span className="library-check" aria-hidden="true">
      ✓
    </span>
  ) : null;
}

export function TagList({ gem }: { gem: GemSummary }) {
  if (!gem.tags.length) return null;
  return (
    <ul className="library-tags" aria-label="Tags">
      {gem.tags.map((tag) => (
        <li key={tag.id} style={tag.color ? { borderInlineStart: `3px solid ${tag.color}` } : undefined}>
          #{tag.tag}
        </li>
      ))}
    </ul>
  );
}

/** A gem in the list view: title, site, type, when it was added, the matched words, its tags. */
export function GemRow(props: GemItemProps) {
  const { gem, open, selected } = props;
  return (
    <div
      {...useGemDnd(props)}
      className="library-row"
      data-open={open || undefined}
      data-selected={selected || undefined}
    >
      <button {...openButtonProps(props)}>
        <span className="library-row-title">
          <SelectedMark selected={selected} />
          {gem.isFavourite && (
            <>
              <span aria-hidden="true">★ </span>
              <span className="visually-hidden">Favourite: </span>
            </>
          )}
          {gem.title}
          {selected && <span className="visually-hidden"> (selected)</span>}
        </span>
        <span className="library-row-meta">
          <span>{siteOf(gem.url)}</span>
          <span>{gem.media_type}</span>
          <span>{dayOf(gem.createdAt)}</span>
        </span>
        {'snippet' in gem && <Snippet parts={gem.snippet} />}
      </button>
      <TagList gem={gem} />
      {props.action && (
        <button type="button" className="ui-button ui-button-secondary ui-button-sm" onClick={props.action.run}>
          {props.action.label}
        </button>
      )}
    </div>
  );
}
