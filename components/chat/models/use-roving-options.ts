import { type KeyboardEvent, useRef, useState } from 'react';

/**
 * Keyboard for a search box above an always-open listbox whose options take real focus (roving tabindex):
 * ↓ in the search box enters the list, ↑/↓/Home/End move, ↑ on the first option goes back to the search box,
 * Enter or Space picks. Tab lands on one option only: the last one visited, else `startIndex` (the selection).
 * Options are indexed across groups, in the order they are shown.
 */
export function useRovingOptions(
  count: number,
  onPick: (index: number) => void,
  { startIndex = 0, listKey = '' }: { startIndex?: number; listKey?: string } = {},
) {
  // The visited option counts only for the list it was visited in (`listKey`, e.g. the search text).
  const [visit, setVisit] = useState<{ index: number; listKey: string } | null>(null);
  const visited = visit?.listKey === listKey ? visit.index : null;
  const setVisited = (index: number) => setVisit({ index, listKey });
  const searchRef = useRef<HTMLInputElement>(null);
  const optionRefs = useRef<(HTMLElement | null)[]>([]);
  const active = Math.min(visited ?? startIndex, Math.max(count - 1, 0));

  const focusAt = (index: number) => {
    setVisited(index);
    optionRefs.current[index]?.focus();
  };

  const onOptionKeyDown = (index: number, event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown') focusAt(Math.min(index + 1, count - 1));
    else if (event.key === 'ArrowUp' && index === 0) searchRef.current?.focus();
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(count - 1);
    else if (event.key === 'Enter' || event.key === ' ') onPick(index);
    else return;
    event.preventDefault();
  };

  return {
    searchRef,
    /** Props for the search input. */
    onSearchKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'ArrowDown' || count === 0) return;
      event.preventDefault();
      focusAt(active);
    },
    /** Props for the option at `index` (counting across groups). */
    optionProps: (index: number) => ({
      ref: (node: HTMLElement | null) => {
        optionRefs.current[index] = node;
      },
      tabIndex: index === active ? 0 : -1,
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => onOptionKeyDown(index, event),
      onFocus: () => setVisited(index),
      onClick: () => onPick(index),
    }),
  };
}
