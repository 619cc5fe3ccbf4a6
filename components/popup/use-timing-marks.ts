import { useEffect } from 'react';

/** User Timing marks of the popup's first paint with the tab's title and address, and of the page's fill-in (read by `npm run bench`). */
export const POPUP_MARKS = { visible: 'trove:popup-fields-visible', filled: 'trove:popup-filled-in' } as const;

function markOnce(name: string) {
  if (!performance.getEntriesByName(name, 'mark').length) performance.mark(name);
}

/** Marks the first time the tab's title and address are shown (in the form, or in its placeholder). */
export function useVisibleMark() {
  useEffect(() => markOnce(POPUP_MARKS.visible), []);
}

/** Marks when the page's extract (and everything else the form waits for) has filled the form in. */
export function useFilledInMark(filledIn: boolean) {
  useEffect(() => {
    if (filledIn) markOnce(POPUP_MARKS.filled);
  }, [filledIn]);
}
