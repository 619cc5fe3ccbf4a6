import { useEffect } from 'react';
import { markOnce } from '../app/mark-once';
import { POPUP_MARKS } from './popup-marks';

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
