/**
 * Text as the API stores it. A browser can produce any JavaScript string, but PostgreSQL's text and
 * jsonb refuse U+0000, and a string with an unpaired UTF-16 surrogate is not valid Unicode (it has no
 * UTF-8 encoding). The server cleans every string it reads at the boundary (server/http/validate.ts),
 * so such text is saved rather than refused: NUL is removed, a lone surrogate becomes U+FFFD.
 */

const NUL = '\u0000';

/** `text` without NUL characters and with every unpaired surrogate replaced by U+FFFD. */
export function cleanText(text: string): string {
  const withoutNul = text.includes(NUL) ? text.replaceAll(NUL, '') : text;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}

/**
 * Cleans every string of a parsed JSON value, object keys included, in place (the value must be one's
 * own, e.g. fresh from JSON.parse). It walks with a stack of its own rather than recursing, so any depth
 * JSON.parse accepts is fine.
 */
export function cleanJson(root: unknown): unknown {
  if (typeof root === 'string') return cleanText(root);
  const pending: object[] = root !== null && typeof root === 'object' ? [root] : [];
  for (let holder = pending.pop(); holder; holder = pending.pop()) {
    const record = holder as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const clean = typeof value === 'string' ? cleanText(value) : value;
      if (clean !== null && typeof clean === 'object') pending.push(clean);
      const cleanKey = cleanText(key);
      if (cleanKey === key && clean === value) continue;
      if (cleanKey !== key) delete record[key];
      // defineProperty, not assignment: a key that cleans to "__proto__" stays plain data.
      Object.defineProperty(record, cleanKey, { value: clean, writable: true, enumerable: true, configurable: true });
    }
  }
  return root;
}

/** Parses JSON text with every string cleaned; throws like JSON.parse on text that is not JSON. */
export function parseCleanJson(text: string): unknown {
  return cleanJson(JSON.parse(text));
}

/** A flat string record (query string, form fields) with every key and value cleaned. */
export function cleanRecord(record: Record<string, string>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(clean, cleanText(key), {
      value: cleanText(value),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return clean;
}
