/**
 * Splits query text into tokens for lib/search/parse.ts, checking each qualifier's value on the way. The lexical
 * rules are in lib/search/syntax.ts.
 */
import { type QueryNode, type SearchKind, type SearchSort, searchKinds, searchSorts } from './ast';
import {
  defaultSortDir,
  endsBare,
  hasValues,
  isSpace,
  isValues,
  type QualifierKey,
  qualifierKeys,
  qualifierPrefix,
} from './syntax';

export type Token =
  | { t: 'open'; pos: number }
  | { t: 'close'; pos: number }
  | { t: 'or'; pos: number }
  | { t: 'neg'; pos: number }
  | { t: 'term'; pos: number; node: QueryNode }
  | { t: 'sort'; pos: number; sort: SearchSort };

/** A syntax error on its way out of the tokeniser or parser; parseSearch turns it into a SearchSyntaxError. */
export class SearchFailure {
  constructor(
    readonly position: number,
    readonly message: string,
  ) {}
}

const list = (values: readonly string[]) => values.join(', ');

/** A bare token from `start`: its text with escapes resolved, and where it ends. */
function readBare(text: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start;
  while (i < text.length && !endsBare(text.charAt(i))) {
    if (text[i] === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else {
      value += text[i];
      i += 1;
    }
  }
  return { value, end: i };
}

/** A quoted string whose opening `"` is at `start`. */
function readQuoted(text: string, start: number, what: string): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') return { value, end: i + 1 };
    if (char === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
      value += text[i + 1];
      i += 2;
    } else {
      value += char;
      i += 1;
    }
  }
  throw new SearchFailure(text.length, `Expected '"' to close the ${what} that starts at ${start}`);
}

/** A qualifier's value (bare or quoted) from `start`, which must not be empty. */
function readValue(text: string, start: number, label: string): { value: string; end: number } {
  const read = text[start] === '"' ? readQuoted(text, start, 'value') : readBare(text, start);
  if (read.value === '') {
    throw new SearchFailure(start, label === '#' ? "Expected a tag after '#'" : `Expected a value after '${label}'`);
  }
  return read;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string, pos: number): T {
  const lower = value.toLowerCase();
  const found = allowed.find((candidate) => candidate === lower);
  if (found === undefined) throw new SearchFailure(pos, `Unknown ${what} '${value}': expected one of ${list(allowed)}`);
  return found;
}

function checkDate(value: string, key: string, pos: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (day === null || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new SearchFailure(pos, `Invalid date '${value}' after '${key}:': expected a real day as YYYY-MM-DD`);
  }
  return value;
}

function readSort(value: string, pos: number): SearchSort {
  const match = /^([\s\S]*?)(?:-(asc|desc))?$/i.exec(value) as RegExpExecArray;
  const key = searchSorts.find((candidate) => candidate === (match[1] ?? '').toLowerCase());
  if (key === undefined) {
    throw new SearchFailure(
      pos,
      `Unknown sort '${value}': expected one of ${list(searchSorts)}, optionally with -asc or -desc`,
    );
  }
  const dir = match[2] ? (match[2].toLowerCase() as 'asc' | 'desc') : defaultSortDir[key];
  return { key, dir };
}

function qualifierToken(key: QualifierKey, value: string, pos: number, valuePos: number): Token {
  switch (key) {
    case 'tag':
      return { t: 'term', pos, node: { kind: 'tag', path: value } };
    case 'collection':
      return { t: 'term', pos, node: { kind: 'collection', path: value } };
    case 'site':
      return { t: 'term', pos, node: { kind: 'site', host: value } };
    case 'type':
      return { t: 'term', pos, node: { kind: 'type', value: oneOf<SearchKind>(value, searchKinds, 'type', valuePos) } };
    case 'is':
      return { t: 'term', pos, node: { kind: 'is', value: oneOf(value, isValues, 'is:', valuePos) } };
    case 'has':
      return { t: 'term', pos, node: { kind: 'has', value: oneOf(value, hasValues, 'has:', valuePos) } };
    case 'before':
    case 'after':
      return { t: 'term', pos, node: { kind: 'date', op: key, date: checkDate(value, key, valuePos) } };
    case 'sort':
      return { t: 'sort', pos, sort: readSort(value, valuePos) };
  }
}

/** The token at `start` (not whitespace) and where it ends. */
function readToken(text: string, start: number): { token: Token; end: number } {
  const char = text[start];
  if (char === '(') return { token: { t: 'open', pos: start }, end: start + 1 };
  if (char === ')') return { token: { t: 'close', pos: start }, end: start + 1 };
  if (char === '-' && start + 1 < text.length && !isSpace(text.charAt(start + 1)) && text[start + 1] !== ')') {
    return { token: { t: 'neg', pos: start }, end: start + 1 };
  }
  if (char === '"') {
    const { value, end } = readQuoted(text, start, 'phrase');
    if (value === '') throw new SearchFailure(start, 'Expected some text between the quotes');
    return { token: { t: 'term', pos: start, node: { kind: 'phrase', text: value } }, end };
  }
  if (char === '#') {
    const { value, end } = readValue(text, start + 1, '#');
    return { token: { t: 'term', pos: start, node: { kind: 'tag', path: value } }, end };
  }
  const key = qualifierPrefix(text, start);
  if (key !== null) {
    const known = qualifierKeys.find((candidate) => candidate === key.toLowerCase());
    if (known === undefined) {
      throw new SearchFailure(start, `Unknown qualifier '${key}:': expected one of ${list(qualifierKeys)}`);
    }
    const valuePos = start + key.length + 1;
    const { value, end } = readValue(text, valuePos, `${known}:`);
    return { token: qualifierToken(known, value, start, valuePos), end };
  }
  const { value, end } = readBare(text, start);
  if (text.slice(start, end) === 'OR') return { token: { t: 'or', pos: start }, end };
  return { token: { t: 'term', pos: start, node: { kind: 'word', text: value } }, end };
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (isSpace(text.charAt(i))) {
      i += 1;
      continue;
    }
    const { token, end } = readToken(text, i);
    tokens.push(token);
    i = end;
  }
  return tokens;
}
