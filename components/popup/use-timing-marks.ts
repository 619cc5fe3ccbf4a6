import { useEffect } from 'react';

/** User Timing marks of the popup's first paint with the tab's fields and of the page's fill-in (read by `npm run bench`). */
export const POPUP_MARKS = { visible: 'trove:popup-fields-visible', filled: 'trove:popup-filled-in' } as const;

function markOnce(name: string) {
  if (!performance.getEntriesByName(name, 'mark').length) performance.mark(name);
}

/** Marks when the form is first shown, and when the page's extract has filled it in. */
export function useTimingMarks(filledIn: boolean) {
  useEffect(() => markOnce(POPUP_MARKS.visible), []);
  useEffect(() => {
    if (filledIn) markOnce(POPUP_MARKS.filled);
  }, [filledIn]);
}
