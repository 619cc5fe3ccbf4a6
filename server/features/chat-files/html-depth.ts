/**
 * How deep an HTML text's elements nest, counted from its tags in one linear pass, before it is parsed:
 * turning HTML into Markdown takes time growing with the square of the nesting (16,000 nested `<div>`s
 * held the server for seconds) and fails past ~2,000 levels with a stack overflow. Chromium's own HTML
 * parser stops nesting at 512; no real document comes near it.
 */
export const MAX_HTML_DEPTH = 512;

/** Elements that never have content, and those whose end tag may be left out (they would only add depth). */
const NOT_NESTING = new Set(
  (
    'area base br col embed hr img input link meta param source track wbr keygen ' +
    'p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rtc rp html head body'
  ).split(' '),
);

// `[^<>]*` cannot run past the next tag, so each character is read a bounded number of times.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g;

/** Whether the elements of `html` nest deeper than `limit`. */
export function nestsDeeperThan(html: string, limit = MAX_HTML_DEPTH): boolean {
  let depth = 0;
  for (const [, closing, name = '', selfClosing] of html.matchAll(TAG)) {
    if (NOT_NESTING.has(name.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosing && ++depth > limit) return true;
  }
  return false;
}
