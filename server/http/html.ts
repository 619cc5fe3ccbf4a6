import { createHash } from 'node:crypto';

/**
 * Helpers of the server's own pages (the shared chat, the public collections): plain HTML built as strings, so every
 * text that did not come from our code goes through escapeHtml, and inline style sheets are allowed by their hash.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Control characters neither HTML nor XML 1.0 allow in text (tab, line feed and carriage return are kept). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;

/** Text made safe for HTML element content and quoted attribute values (and XML's). */
export const escapeHtml = (text: string) => text.replace(CONTROL, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The CSP source allowing exactly this inline style sheet: `'sha256-…'`. */
export const styleSource = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** An http(s) address as written, or null for anything else (`javascript:`, `data:`, relative, malformed). */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
