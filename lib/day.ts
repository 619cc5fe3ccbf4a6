/**
 * Dates as people read them, the same way on every page ("Dec 2, 2026" in English), never the ambiguous numeric form.
 * One formatter per form for all: toLocaleDateString with options makes a new one per call, which was a third of the
 * main thread's time while the library's list scrolled (bench/library-bench.ts).
 */
const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const DAY_IN_YEAR = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The day: "Dec 2, 2026". */
export const dayOf = (iso: string) => DAY.format(new Date(iso));

/** A date short enough for a table's column: "Nov 29" this year, "Mar 2024" before. */
export function shortDayOf(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? DAY_IN_YEAR : MONTH).format(date);
}

/** The day and the time: "Dec 2, 2026, 11:05 AM". */
export const momentOf = (iso: string) => MOMENT.format(new Date(iso));
