import { useCallback } from 'react';

/**
 * A ref for a row that scrolls sideways, marking whether more of it lies beyond each edge of what is shown
 * (`data-more-before`, `data-more-after`), kept as it scrolls, resizes or its content changes: the styles fade that
 * edge, so a chip cut off by it reads as "more this way". jsdom, with no layout, marks nothing.
 */
export function useScrollEdges<T extends HTMLElement>() {
  return useCallback((row: T | null) => {
    if (!row) return;
    const mark = () => {
      row.toggleAttribute('data-more-before', row.scrollLeft > 1);
      row.toggleAttribute('data-more-after', row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
    };
    mark();
    row.addEventListener('scroll', mark, { passive: true });
    const view = row.ownerDocument.defaultView;
    const resized = view?.ResizeObserver ? new view.ResizeObserver(mark) : null;
    resized?.observe(row);
    const changed = view?.MutationObserver ? new view.MutationObserver(mark) : null;
    changed?.observe(row, { childList: true, subtree: true, characterData: true });
    return () => {
      row.removeEventListener('scroll', mark);
      resized?.disconnect();
      changed?.disconnect();
    };
  }, []);
}
