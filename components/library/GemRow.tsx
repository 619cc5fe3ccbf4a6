import type { MouseEvent } from 'react';
import type { Gem } from '@/lib/api/contract';
import type { SearchHit } from '@/lib/api/search-contract';
import { Snippet } from './Snippet';

/** The site a gem came from, as people say it (no `www.`). */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** One formatter for every row: toLocaleDateString with options makes a new one per call, which was a third of
 * the main thread's time while the list scrolled (bench/library-bench.ts). */
const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
export const addedOn = (iso: string) => DAY.format(new Date(iso));

export interface GemItemProps {
  gem: Gem | SearchHit;
  index: number;
  active: boolean;
  open: boolean;
  selected: boolean;
  /** A click (with its keys: Shift or Ctrl/⌘ select instead of opening). */
  onOpen: (event?: MouseEvent) => void;
  /** A command beside the gem (Restore, in the trash). */
  action?: { label: string; run: () => void };
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

export function TagList({ gem }: { gem: Gem }) {
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
    <div className="library-row" data-open={open || undefined} data-selected={selected || undefined}>
      <button {...openButtonProps(props)}>
        <span className="library-row-title">
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
          <span>{addedOn(gem.createdAt)}</span>
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
