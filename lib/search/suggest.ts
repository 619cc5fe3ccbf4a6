/**
 * Completing a `tag:`, `#` or `collection:` value being typed at the end of the search box's text: what is being
 * typed, which known names fit it, and the text with a chosen name written in (quoted when it must be).
 */
import { printValue, quote } from './syntax';

export interface ValueBeingTyped {
  key: 'tag' | 'collection';
  /** The value typed so far (without its opening quote). */
  prefix: string;
  /** Where the key (`tag:`, `#`, `collection:`) starts in the text. */
  start: number;
}

const typedValue = /(?:^|[\s(])-?(#|tag:|collection:)(?:"([^"\\]*)|([^\s"()\\]*))$/i;

/** The value the text ends in, when its last term is a tag or collection qualifier still being typed. */
export function valueBeingTyped(text: string): ValueBeingTyped | null {
  const match = typedValue.exec(text);
  if (!match) return null;
  const [, keyText = '', quoted, bare] = match;
  const prefix = quoted ?? bare ?? '';
  const written = keyText.length + (quoted !== undefined ? 1 : 0) + prefix.length;
  return { key: keyText.toLowerCase() === 'collection:' ? 'collection' : 'tag', prefix, start: text.length - written };
}

/** Up to `limit` names containing the prefix (any case), those starting with it first; the prefix itself excluded. */
export function matchingNames(names: readonly string[], prefix: string, limit = 8): string[] {
  const wanted = prefix.toLowerCase();
  const fits = names.filter((name) => name.toLowerCase().includes(wanted) && name !== prefix);
  const starts = fits.filter((name) => name.toLowerCase().startsWith(wanted));
  const inside = fits.filter((name) => !name.toLowerCase().startsWith(wanted));
  return [...starts, ...inside].slice(0, limit);
}

/** The text with the value being typed replaced by `name`, and a space after it (which ends the term). */
export function completeValue(text: string, typed: ValueBeingTyped, name: string): string {
  const term =
    typed.key === 'collection'
      ? `collection:${printValue(name)}`
      : printValue(name) === name
        ? `#${name}`
        : `tag:${quote(name)}`;
  return `${text.slice(0, typed.start)}${term} `;
}
