/**
 * User Timing marks of the popup's first paint with the tab's title and address, and of the page's fill-in (read by
 * `npm run bench`).
 */
export const POPUP_MARKS = { visible: 'trove:popup-fields-visible', filled: 'trove:popup-filled-in' } as const;
