/**
 * The lexical rules the parser (lib/search/parse.ts) reads and the printer (lib/search/print.ts) writes, kept in one
 * place so the two cannot drift apart.
 *
 * - A bare token runs to the next whitespace, `(` or `)`; in it `\` makes the next character literal (`\-x`, `\OR`,
 *   `tag\:x` are plain words).
 * - A quoted string (a phrase, or a qualifier's value) runs to the next `"`; in it only `\"` and `\\` are escapes,
 *   any other backslash is kept (so `"C:\Users"` means what it says).
 * - `key:value` is a qualifier when `key` is letters and the value does not start with `/` (`http://x` is a word).
 */
import type { SearchSortKey } from './ast';

export const qualifierKeys = ['tag', 'collection', 'type', 'site', 'is', 'has', 'before', 'after', 'sort'] as const;
export type QualifierKey = (typeof qualifierKeys)[number];

/** `is:fav` (the favourite mark), `is:broken` (its address is gone: the dead-link check, server/features/links/). */
export const isValues = ['fav', 'broken'] as const;
export const hasValues = ['note', 'image'] as const;

/** The direction `sort:<key>` means when it names none. */
export const defaultSortDir: Record<SearchSortKey, 'asc' | 'desc'> = {
  added: 'desc',
  updated: 'desc',
  title: 'asc',
  site: 'asc',
  relevance: 'desc',
  manual: 'asc',
};

export const maxQueryLength = 1000;
export const maxNesting = 20;

const qualifierStart = /([A-Za-z]+):(?!\/)/y;

/** The key of a qualifier starting at `start` of `text` (letters, a colon, and no `/` after it), or null. */
export function qualifierPrefix(text: string, start = 0): string | null {
  qualifierStart.lastIndex = start;
  const match = qualifierStart.exec(text);
  return match?.[1] ?? null;
}

export const isSpace = (char: string): boolean => /\s/.test(char);

/** Characters that end a bare token. */
export const endsBare = (char: string): boolean => char === '(' || char === ')' || isSpace(char);

/** A value written bare reads back as itself: not empty, nothing that ends or escapes a bare token, no quote. */
export function bareSafe(value: string): boolean {
  if (value === '') return false;
  for (const char of value) if (endsBare(char) || char === '"' || char === '\\') return false;
  return true;
}

export function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** A qualifier's value as written: bare when it reads back as itself (`key:/x` would be a word), else quoted. */
export const printValue = (value: string): string => (bareSafe(value) && !value.startsWith('/') ? value : quote(value));

/** A free word written so that it reads back as the same word (never an operator, a qualifier or a negation). */
export function printWord(word: string): string {
  let out = '';
  for (const char of word) out += endsBare(char) || char === '"' || char === '\\' ? `\\${char}` : char;
  if (word === 'OR' || out.startsWith('-') || out.startsWith('#')) return `\\${out}`;
  const key = qualifierPrefix(out);
  return key === null ? out : `${key}\\${out.slice(key.length)}`;
}
