import { clean, truncate } from './metadata';

// Reading the link or image a context-menu click was on. The menu only gives us a URL (linkUrl /
// srcUrl), so the element is found again by comparing resolved URLs. Pure functions of the Document.

export interface LinkCapture {
  url: string;
  title: string;
}

export interface ImageCapture {
  src: string;
  /** Collapsed alt text; '' when the image has none. */
  alt: string;
  width: number | null;
  height: number | null;
  /** The enclosing figure's caption, else the title attribute. */
  title: string | null;
}

const TITLE_MAX = 300;
const ALT_MAX = 2000;

/** Absolute form of a URL against the document's base; the input unchanged when it is not a URL. */
function absolute(doc: Document, raw: string): string {
  try {
    return new URL(raw.trim(), doc.baseURI || undefined).href;
  } catch {
    return raw.trim();
  }
}

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/**
 * Elements whose URLs (from `urlsOf`) match `target`: exact absolute matches, or when there are none,
 * matches ignoring the fragment. Each match comes with the URL-bearing element that matched.
 */
function findByUrl<T extends Element>(
  doc: Document,
  elements: Iterable<T>,
  target: string,
  urlsOf: (el: T) => [Element, string][],
): [T, Element][] {
  const wanted = absolute(doc, target);
  const all = [...elements].map((el) => ({
    el,
    urls: urlsOf(el).map(([source, url]) => [source, absolute(doc, url)] as const),
  }));
  for (const same of [(url: string) => url === wanted, (url: string) => withoutHash(url) === withoutHash(wanted)]) {
    const matches: [T, Element][] = [];
    for (const { el, urls } of all) {
      const hit = urls.find(([, url]) => same(url));
      if (hit) matches.push([el, hit[0]]);
    }
    if (matches.length) return matches;
  }
  return [];
}

const HIDDEN_TAGS = new Set(['script', 'style', 'noscript', 'template']);
const SPACED_TAGS = new Set([
  'br',
  'div',
  'p',
  'li',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figcaption',
  'section',
  'header',
  'footer',
]);

/** Whether markup hides an element (no layout here, so only what attributes say). */
const isHidden = (el: Element) =>
  el.hasAttribute('hidden') ||
  el.getAttribute('aria-hidden') === 'true' ||
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(el.getAttribute('style') ?? '');

/** Text a reader sees in `root`, collapsed: hidden elements and scripts skipped, blocks spaced apart. */
export function visibleText(root: Element): string | null {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) out += node.nodeValue ?? '';
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (HIDDEN_TAGS.has(tag) || isHidden(el)) return;
    const spaced = SPACED_TAGS.has(tag);
    if (spaced) out += ' ';
    for (const child of el.childNodes) walk(child);
    if (spaced) out += ' ';
  };
  walk(root);
  return clean(out);
}

const hrefOf = (el: Element) => el.getAttribute('href') ?? el.getAttribute('xlink:href');

/** Text labelling an element for assistive technology: aria-label, aria-labelledby targets, title. */
function labelOf(doc: Document, el: Element): string | null {
  const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? doc.getElementById(id) : null))
    .map((target) => (target ? visibleText(target) : null))
    .filter(Boolean)
    .join(' ');
  return clean(el.getAttribute('aria-label')) ?? clean(labelledBy) ?? clean(el.getAttribute('title'));
}

/**
 * The link a context-menu click was on: the anchor (or <area>) whose resolved href is `linkUrl`
 * (fragment ignored when nothing matches exactly). Title, best first across all matching anchors (a card
 * often links the same URL from its image and its heading): visible text, aria-label / aria-labelledby /
 * title, the alt of an image inside it; else the URL.
 */
export function captureLink(doc: Document, linkUrl: string): LinkCapture {
  const anchors = findByUrl(doc, doc.querySelectorAll('a, area'), linkUrl, (el) => {
    const href = hrefOf(el);
    return href === null ? [] : [[el, href]];
  }).map(([el]) => el);
  const pickers: ((el: Element) => string | null)[] = [
    (el) => (el.tagName.toLowerCase() === 'area' ? null : visibleText(el)),
    (el) => labelOf(doc, el) ?? (el.tagName.toLowerCase() === 'area' ? clean(el.getAttribute('alt')) : null),
    (el) =>
      [...el.querySelectorAll('img[alt], svg title, [role="img"][aria-label]')]
        .map((img) => clean(img.getAttribute('alt') ?? img.getAttribute('aria-label') ?? img.textContent))
        .find(Boolean) ?? null,
  ];
  for (const pick of pickers) {
    for (const anchor of anchors) {
      const title = pick(anchor);
      if (title) return { url: linkUrl, title: truncate(title, TITLE_MAX) };
    }
  }
  return { url: linkUrl, title: linkUrl };
}

/**
 * Candidate URLs of a srcset: each is the run of non-space characters before its descriptor (commas inside URLs kept).
 */
export function srcsetUrls(srcset: string | null): string[] {
  const urls: string[] = [];
  const text = srcset ?? '';
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /[\s,]/.test(text[i] ?? '')) i++;
    const start = i;
    while (i < text.length && !/\s/.test(text[i] ?? '')) i++;
    let url = text.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else while (i < text.length && text[i] !== ',') i++; // skip the descriptor
    if (url) urls.push(url);
  }
  return urls;
}

/** The URLs an <img> may be showing, each with the element declaring it (the img or a <picture> <source>). */
function imageUrls(img: HTMLImageElement): [Element, string][] {
  const urls: [Element, string][] = [];
  const current = (img as Partial<HTMLImageElement>).currentSrc;
  if (current) urls.push([img, current]);
  for (const attr of ['src', 'data-src']) {
    const value = img.getAttribute(attr);
    if (value?.trim()) urls.push([img, value]);
  }
  for (const url of srcsetUrls(img.getAttribute('srcset'))) urls.push([img, url]);
  const picture = img.parentElement?.tagName.toLowerCase() === 'picture' ? img.parentElement : null;
  for (const source of picture?.querySelectorAll(':scope > source') ?? []) {
    for (const url of [...srcsetUrls(source.getAttribute('srcset')), source.getAttribute('src') ?? '']) {
      if (url.trim()) urls.push([source, url]);
    }
  }
  return urls;
}

/** A non-negative integer pixel size from an attribute ("640" or "640px"; percentages are not sizes). */
const sizeAttr = (el: Element, name: string): number | null => {
  const match = /^\s*(\d+)(?:px)?\s*$/i.exec(el.getAttribute(name) ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * The image a context-menu click was on: the <img> whose currentSrc / src / srcset (or its <picture>'s
 * <source srcset>) resolves to `srcUrl`. Size: naturalWidth/Height when the image has loaded (> 0), else the
 * width/height attributes (of the matching <source>, then the img). When no <img> matches, the URL with nulls.
 */
export function captureImage(doc: Document, srcUrl: string): ImageCapture {
  const matches = findByUrl(doc, doc.querySelectorAll('img'), srcUrl, imageUrls);
  const [img, source] = matches.find(([el]) => clean(el.getAttribute('alt'))) ?? matches[0] ?? [];
  if (!img || !source) return { src: srcUrl, alt: '', width: null, height: null, title: null };

  const natural = img.naturalWidth > 0 && img.naturalHeight > 0;
  const declared = (name: 'width' | 'height') =>
    (source !== img ? sizeAttr(source, name) : null) ?? sizeAttr(img, name);
  const figure = img.closest('figure');
  const caption = figure?.querySelector(':scope > figcaption');
  const title = (caption ? visibleText(caption) : null) ?? clean(img.getAttribute('title'));
  return {
    src: srcUrl,
    alt: (clean(img.getAttribute('alt')) ?? '').slice(0, ALT_MAX),
    width: natural ? img.naturalWidth : declared('width'),
    height: natural ? img.naturalHeight : declared('height'),
    title: title ? truncate(title, TITLE_MAX) : null,
  };
}
