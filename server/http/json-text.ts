import { parseCleanJson } from '../../lib/api/clean-text';

/**
 * JSON from a request. No request of the API nests more than a handful of levels; JSON.parse takes
 * seconds on megabytes of nested brackets, so anything deeper than this is refused before parsing.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/** True when `text` opens more than `max` arrays or objects inside one another (outside strings). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}

/** Parses request JSON with every string cleaned, or says what is wrong with it (a sentence's end: "must …"). */
export function parseRequestJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    return { ok: false, problem: `must not nest arrays or objects more than ${MAX_JSON_DEPTH} levels deep` };
  try {
    return { ok: true, value: parseCleanJson(text) };
  } catch {
    return { ok: false, problem: 'must be valid JSON' };
  }
}
