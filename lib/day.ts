/**
 * A date as the day it names, the same way on every page ("Dec 2, 2026" in English), never the ambiguous numeric
 * form. One formatter for all: toLocaleDateString with options makes a new one per call, which was a third of the
 * main thread's time while the library's list scrolled (bench/library-bench.ts).
 */
const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const dayOf = (iso: string) => DAY.format(new Date(iso));
