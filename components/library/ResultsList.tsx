import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { Gem } from '@/lib/api/contract';
import { GemRow } from './GemRow';

const ROW_HEIGHT = 64;
/** How many rows before the end the next page is asked for. */
const LOAD_AHEAD = 10;

interface Props {
  gems: Gem[];
  label: string;
  activeIndex: number;
  openId: number | null;
  onActivate: (index: number) => void;
  onOpen: (gem: Gem) => void;
  /** Called when the rows near the end are drawn; loading only when more exist and none is loading is the caller's. */
  onNearEnd: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** All that match, loaded or not (said to screen readers as the list's size). */
  total: number;
}

/**
 * The results as a virtualised list: only the rows in view are in the page, so 100,000 gems scroll as 50 do.
 * The arrow keys move between rows (one is in the tab order at a time).
 */
export function ResultsList({
  gems,
  label,
  activeIndex,
  openId,
  onActivate,
  onOpen,
  onNearEnd,
  onKeyDown,
  total,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: gems.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => gems[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastDrawn = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (gems.length && lastDrawn >= gems.length - LOAD_AHEAD) onNearEnd();
  }, [lastDrawn, gems.length, onNearEnd]);

  useEffect(() => {
    if (activeIndex < 0 || !scroller.current?.contains(document.activeElement)) return;
    virtualizer.scrollToIndex(activeIndex);
    // The row is drawn once the list has scrolled to it.
    const frame = requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"] .library-row-open`)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [activeIndex, virtualizer]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys pressed on the rows' buttons, handled in one place.
    <div ref={scroller} className="library-scroller" onKeyDown={onKeyDown}>
      <ul aria-label={label} className="library-virtual-list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const gem = gems[item.index];
          if (!gem) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              aria-posinset={item.index + 1}
              aria-setsize={total}
              ref={virtualizer.measureElement}
              onFocus={() => onActivate(item.index)}
              className="library-virtual-item"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <GemRow
                gem={gem}
                active={item.index === Math.max(activeIndex, 0)}
                open={gem.id === openId}
                onOpen={() => onOpen(gem)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
