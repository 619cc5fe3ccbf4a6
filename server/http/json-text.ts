import { cleanText, parseCleanJson } from '../../lib/api/clean-text';

/**
 * JSON from a request. No request of the API nests more than a handful of levels; JSON.parse takes
 * seconds on megabytes of nested brackets, so anything deeper than this is refused before parsing.
 */
export const MAX_JSON_DEPTH = 64;
/** How many levels of a too-deep branch's path are named in the refusal: the API's fields are never deeper. */
const NAMED_DEPTH = 8;
/** A key longer than this is named by its start. */
const NAMED_KEY_LENGTH = 100;

const COMMA = 44;
const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]
const CLOSE_OBJECT = 125; // }
const QUOTE = 34;

/**
 * Where `text` opens more than `max` arrays or objects inside one another (outside strings): the
 * path (object keys, array indices) of the container that goes too deep, or undefined when none does.
 */
export function tooDeepAt(text: string, max: number): (string | number)[] | undefined {
  // For each open container, the child being read: its index in an array, where its key is in an object.
  const path: (number | { from: number; to: number })[] = [];
  const inObject: boolean[] = [];
  let depth = 0;
  let expectKey = false;
  // The next backslash at or after the place read (text.length: none): strings are skipped to their closing quote
  // with indexOf, not read a character at a time (a request's large text is all in its strings).
  let backslash = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const from = i;
      for (;;) {
        const quote = text.indexOf('"', i + 1);
        if (quote < 0) return undefined; // the string never ends: not JSON, which the parser says
        if (backslash <= i) {
          backslash = text.indexOf('\\', i + 1);
          if (backslash < 0) backslash = text.length;
        }
        if (backslash > quote) {
          i = quote;
          break;
        }
        i = backslash + 1; // the escaped character, a quote or not, is skipped
      }
      if (expectKey) path[depth - 1] = { from, to: i + 1 };
      expectKey = false;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max)
        return path.slice(0, depth - 1).map((step) => (typeof step === 'number' ? step : keyText(text, step)));
      inObject[depth - 1] = code === OPEN_OBJECT;
      path[depth - 1] = code === OPEN_OBJECT ? { from: i, to: i } : 0;
      expectKey = code === OPEN_OBJECT;
    } else if (code === COMMA && depth > 0) {
      const at = depth - 1;
      if (inObject[at]) expectKey = true;
      else path[at] = (path[at] as number) + 1;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
      expectKey = false;
    }
  }
  return undefined;
}

/** A key in the JSON text (`from`…`to`, quotes included) as cleaned text, cut to its start when long. */
function keyText(text: string, { from, to }: { from: number; to: number }): string {
  let key: string;
  try {
    key = JSON.parse(text.slice(from, to)) as string;
  } catch {
    key = text.slice(from + 1, to - 1);
  }
  return cleanText(key).slice(0, NAMED_KEY_LENGTH);
}

/**
 * The field a too-deep branch is in, as a field error's path (`data.tags`): its first levels, without
 * the array indices it ends with; '' when the body itself nests too deep.
 */
function fieldOf(path: (string | number)[]): string {
  const named = path.slice(0, NAMED_DEPTH);
  while (typeof named.at(-1) === 'number') named.pop();
  return named.join('.');
}

/**
 * Parses request JSON with every string cleaned, or says what is wrong with it (a sentence's end: "must …"),
 * and in which field when that is known (too deep a nesting inside one).
 */
export function parseRequestJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string; field?: string } {
  const deep = tooDeepAt(text, MAX_JSON_DEPTH);
  if (deep) {
    const problem = `must not nest arrays or objects more than ${MAX_JSON_DEPTH} levels deep`;
    const field = fieldOf(deep);
    return field ? { ok: false, problem, field } : { ok: false, problem };
  }
  try {
    return { ok: true, value: parseCleanJson(text) };
  } catch {
    return { ok: false, problem: 'must be valid JSON' };
  }
}
