/**
 * Second pass over the article Readability found: it keeps a page's text block by block, so the parts of an article
 * page that sit inside the article's container but are not its text stay in (captions, the header with the dates and
 * standfirst, author boxes, share bars, lists of links, print-only notices). Each rule removes elements of `root` in
 * place. Rules never remove an element holding a large share of the article, so a page whose whole text sits in, say,
 * an element named "post-author" keeps it; nor one inside a sentence. bench/RESULTS.md says how they were found.
 */

const TEXT_NODE = 3;

/** Parts of class and id names (split at `-`, `_`, spaces and camelCase) that mark what is not the article's text. */
const NOT_TEXT_MARKERS = new Set([
  'caption',
  'captions',
  'credit',
  'credits',
  'byline',
  'author',
  'authors',
  'bio',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'promo',
  'cta',
  'related',
  'share',
  'sharing',
  'social',
  'copyright',
  'breadcrumb',
  'breadcrumbs',
  'tags',
]);
/** Markers of the small print around the text (dates, "posted in"), only for short elements. */
const META_MARKERS = new Set(['date', 'dateline', 'timestamp', 'time', 'meta', 'published', 'updated']);
/** Whole class names that hide an element from the screen (CSS frameworks' and WordPress's). */
const HIDDEN_CLASSES = new Set([
  'hidden',
  'd-none',
  'sr-only',
  'visually-hidden',
  'screen-reader-text',
  'print-only',
  'visible-print',
]);

/** The largest share of the article's words a rule may remove in one element. */
const MAX_SHARE = 0.25;
const SHORT_WORDS = 20;
const LINK_LIST_SHARE = 0.8;

export const wordCount = (text: string | null | undefined): number =>
  (text ?? '').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

function nameParts(el: Element): string[] {
  const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  return names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const isHidden = (el: Element) =>
  (el.getAttribute('class') ?? '').split(/\s+/).some((name) => HIDDEN_CLASSES.has(name.toLowerCase()));

/**
 * Whether the element's tag or names say it is not the article's text. The word count is asked for only when a name
 * matches, so most elements cost a look at their attributes alone.
 */
function notText(el: Element, words: () => number): boolean {
  const tag = el.nodeName.toUpperCase();
  if (tag === 'FIGCAPTION' || tag === 'HEADER' || tag === 'NAV') return true;
  if (isHidden(el)) return true;
  const parts = nameParts(el);
  if (parts.some((part) => NOT_TEXT_MARKERS.has(part))) return true;
  return (tag === 'TIME' || parts.some((part) => META_MARKERS.has(part))) && words() <= SHORT_WORDS;
}

/** An element inside a sentence (its parent has text of its own beside it), which no rule removes. */
const inRunningText = (el: Element) =>
  [...(el.parentNode?.childNodes ?? [])].some(
    (node) => node.nodeType === TEXT_NODE && /[\p{L}\p{N}]/u.test(node.nodeValue ?? ''),
  );

/** Share of an element's text that sits in links (whitespace not counted). */
function linkShare(el: Element): number {
  const text = (el.textContent ?? '').replace(/\s+/g, '').length;
  if (!text) return 0;
  let linked = 0;
  for (const a of el.querySelectorAll('a')) linked += (a.textContent ?? '').replace(/\s+/g, '').length;
  return linked / text;
}

/** A list each of whose items is mostly a link: "more stories", tags, a site's sections. */
const isLinkList = (el: Element) =>
  (el.nodeName.toUpperCase() === 'UL' || el.nodeName.toUpperCase() === 'OL') &&
  el.children.length > 0 &&
  [...el.children].every((item) => linkShare(item) >= LINK_LIST_SHARE);

/** Removes from `root` (Readability's article, or the fallback body) what the rules above find not to be its text. */
export function cleanArticle(root: Element): void {
  const total = wordCount(root.textContent);
  if (!total) return;
  const remove: Element[] = [];
  const visit = (el: Element) => {
    for (const child of el.children) {
      let words: number | undefined;
      const countWords = () => {
        words ??= wordCount(child.textContent);
        return words;
      };
      if (
        (notText(child, countWords) || isLinkList(child)) &&
        countWords() / total <= MAX_SHARE &&
        !inRunningText(child)
      )
        remove.push(child);
      else visit(child);
    }
  };
  visit(root);
  for (const el of remove) el.remove();
}
