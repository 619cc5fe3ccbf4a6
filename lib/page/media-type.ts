import { isWebAddress } from '../api/web-address';
import { makeResolver, readMeta } from './metadata';

// Which gem type a whole page is when saved: a PDF, a video or audio page, an article, or just a link.
// Pure function of the Document and the URL / content type it is given (no globals, no mutation), cheap
// enough to run before extraction: no Readability, only markup signals.

export interface PageMediaType {
  mediaType: 'PDF' | 'Audio' | 'Video' | 'Link' | 'Article';
  /** The PDF / video / audio itself (http(s) only, absolute), else null. */
  mediaUrl: string | null;
}

/** Words of prose above which a page is an article. */
export const ARTICLE_MIN_WORDS = 200;

type Resolve = ReturnType<typeof makeResolver>;

const parseUrl = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/**
 * Rules, first match wins:
 * 1. PDF — `contentType` application/pdf, a URL path ending in `.pdf` (any case, query/hash ignored), or
 *    the browser's PDF viewer (an `<embed type="application/pdf">` that is the body's only element or is
 *    100% wide and high). mediaUrl: the embed's http(s) src, else the page URL.
 * 2. Known video / audio pages by URL (YouTube, Vimeo, Dailymotion, Twitch videos and clips, Loom, TikTok,
 *    TED, Bilibili, Streamable; SoundCloud tracks, Spotify tracks and episodes, Apple Podcasts episodes,
 *    Apple Music songs, Bandcamp tracks, YouTube Music). mediaUrl: the page URL.
 * 3. Open Graph: og:type video.* or og:video → Video; og:type music.* or og:audio → Audio. mediaUrl:
 *    og:video / og:audio, else the main element's source, else the page URL.
 * 4. The page's main <video> / <audio> (see `mainMedia`) — unless it sits in an explicit article (an
 *    <article> or JSON-LD Article with > 200 words): a clip embedded in a story keeps the story an Article.
 *    mediaUrl: the element's src or first <source src> (blob: streams → the page URL).
 * 5. Article when an <article> (or schema.org Article microdata), a JSON-LD Article's body / the main
 *    content, or the paragraphs of <main> (else <body>) have more than 200 words; else Link.
 */
export function detectPageMediaType(doc: Document, url: string, contentType?: string): PageMediaType {
  const resolve = makeResolver(doc, url);
  const pageUrl = resolve(url, false);

  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/pdf' || type === 'application/x-pdf') return { mediaType: 'PDF', mediaUrl: pageUrl };
  const byUrl = mediaTypeFromUrl(url);
  if (byUrl?.mediaType === 'PDF') return { mediaType: 'PDF', mediaUrl: pageUrl };
  const viewer = pdfViewer(doc);
  if (viewer) return { mediaType: 'PDF', mediaUrl: resolve(viewer.getAttribute('src'), false) ?? pageUrl };
  if (byUrl) return { mediaType: byUrl.mediaType, mediaUrl: pageUrl };

  const meta = readMeta(doc);
  const ogType = meta('og:type')?.toLowerCase() ?? '';
  const video = mainMedia(doc, 'video');
  const audio = mainMedia(doc, 'audio');
  const ogVideo = resolve(meta('og:video:secure_url', 'og:video:url', 'og:video'), false);
  if (ogType.startsWith('video.') || ogVideo) {
    return { mediaType: 'Video', mediaUrl: ogVideo ?? mediaSource(video, resolve) ?? pageUrl };
  }
  const ogAudio = resolve(meta('og:audio:secure_url', 'og:audio:url', 'og:audio'), false);
  if (ogType.startsWith('music.') || ogAudio) {
    return { mediaType: 'Audio', mediaUrl: ogAudio ?? mediaSource(audio, resolve) ?? pageUrl };
  }

  const explicit = explicitArticleWords(doc);
  if (explicit <= ARTICLE_MIN_WORDS) {
    if (video) return { mediaType: 'Video', mediaUrl: mediaSource(video, resolve) ?? pageUrl };
    if (audio) return { mediaType: 'Audio', mediaUrl: mediaSource(audio, resolve) ?? pageUrl };
  }
  const article =
    explicit > ARTICLE_MIN_WORDS ||
    proseWords(doc.querySelector('main, [role="main"]') ?? doc.body) > ARTICLE_MIN_WORDS;
  return { mediaType: article ? 'Article' : 'Link', mediaUrl: null };
}

/**
 * What the address alone says (rules 1 and 2 without the document): a `.pdf` path, or a known video
 * or audio page. For tabs whose document cannot be read, such as the browser's own PDF viewer.
 */
export function mediaTypeFromUrl(url: string): PageMediaType | null {
  const page = parseUrl(url);
  if (!page || !isWebAddress(page.href)) return null;
  if (/\.pdf$/i.test(page.pathname)) return { mediaType: 'PDF', mediaUrl: page.href };
  const host = knownHost(page);
  return host ? { mediaType: host, mediaUrl: page.href } : null;
}

const PDF_TYPE = /^application\/(?:x-)?pdf$/i;
const IGNORED = new Set(['script', 'style', 'noscript', 'link', 'meta', 'template']);

/** The embed of a browser PDF viewer (or a page that is nothing but an embedded PDF). */
function pdfViewer(doc: Document): Element | null {
  const body = doc.body;
  if (!body) return null;
  const embeds = [...body.querySelectorAll('embed, object')].filter((el) =>
    PDF_TYPE.test(el.getAttribute('type')?.trim() ?? ''),
  );
  const children = [...body.children].filter((el) => !IGNORED.has(el.tagName.toLowerCase()));
  const full = (el: Element, name: 'width' | 'height') =>
    el.getAttribute(name)?.trim() === '100%' ||
    new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*100(?:%|vw|vh)`, 'i').test(el.getAttribute('style') ?? '');
  return (
    embeds.find((el) => (children.length === 1 && children[0] === el) || (full(el, 'width') && full(el, 'height'))) ??
    null
  );
}

const SOUNDCLOUD_RESERVED = new Set(
  'discover stream search charts upload you settings pages messages notifications people popular jobs terms-of-use mobile imprint'.split(
    ' ',
  ),
);
const SOUNDCLOUD_TABS = new Set(
  'sets tracks albums popular-tracks reposts likes followers following comments spotlight'.split(' '),
);

/** Video / audio pages recognised by URL alone. */
function knownHost(page: URL): 'Video' | 'Audio' | null {
  const host = page.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, '');
  const path = page.pathname;
  const seg = path.split('/').filter(Boolean);
  const has = (name: string) => page.searchParams.has(name);

  if (host === 'music.youtube.com') return path === '/watch' && has('v') ? 'Audio' : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    return (path === '/watch' && has('v')) || /^\/(?:shorts|live|embed|v)\/[\w-]+/.test(path) ? 'Video' : null;
  }
  if (host === 'youtu.be') return seg.length ? 'Video' : null;
  if (host === 'vimeo.com') {
    return /^\/(?:channels\/[\w-]+\/|groups\/[\w-]+\/videos\/|(?:album|showcase)\/\d+\/video\/)?\d+(?:\/[\da-f]+)?\/?$/.test(
      path,
    )
      ? 'Video'
      : null;
  }
  if (host === 'player.vimeo.com') return /^\/video\/\d+/.test(path) ? 'Video' : null;
  if (host === 'dailymotion.com') return seg[0] === 'video' && seg[1] ? 'Video' : null;
  if (host === 'dai.ly') return seg.length ? 'Video' : null;
  if (host === 'twitch.tv')
    return (seg[0] === 'videos' && /^\d+$/.test(seg[1] ?? '')) || (seg[1] === 'clip' && seg[2]) ? 'Video' : null;
  if (host === 'clips.twitch.tv') return seg.length ? 'Video' : null;
  if (host === 'loom.com') return (seg[0] === 'share' || seg[0] === 'embed') && seg[1] ? 'Video' : null;
  if (host === 'tiktok.com') return seg[0]?.startsWith('@') && seg[1] === 'video' ? 'Video' : null;
  if (host === 'ted.com') return seg[0] === 'talks' && seg[1] ? 'Video' : null;
  if (host === 'bilibili.com') return seg[0] === 'video' && seg[1] ? 'Video' : null;
  if (host === 'streamable.com') return seg.length === 1 || seg[0] === 'e' ? 'Video' : null;

  if (host === 'soundcloud.com') {
    const track = seg.length === 2 || (seg.length === 3 && seg[2]?.startsWith('s-'));
    return track && !SOUNDCLOUD_RESERVED.has(seg[0] ?? '') && !SOUNDCLOUD_TABS.has(seg[1] ?? '') ? 'Audio' : null;
  }
  if (host === 'open.spotify.com') {
    const rest = seg.filter((s, i) => !(i === 0 && (/^intl-/.test(s) || s === 'embed')));
    return (rest[0] === 'track' || rest[0] === 'episode') && rest[1] ? 'Audio' : null;
  }
  if (host === 'podcasts.apple.com') return seg.includes('podcast') && has('i') ? 'Audio' : null;
  if (host === 'music.apple.com') return seg.includes('song') || (seg.includes('album') && has('i')) ? 'Audio' : null;
  if (host.endsWith('.bandcamp.com')) return seg[0] === 'track' && seg[1] ? 'Audio' : null;
  return null;
}

/** Sizes from attributes (no layout here). */
const declaredWidth = (el: Element) => {
  const match = /^\s*(\d+)(?:px)?\s*$/i.exec(el.getAttribute('width') ?? '');
  return match ? Number(match[1]) : 0;
};

/** Background-style video: looping and muted/autoplaying, without controls. */
const decorative = (el: Element) =>
  el.hasAttribute('loop') && (el.hasAttribute('muted') || el.hasAttribute('autoplay')) && !el.hasAttribute('controls');

/**
 * The page's main <video> / <audio>: the only visible, non-decorative one outside nav/aside/footer, or
 * when there are several, the only one declared large (width ≥ 640).
 */
export function mainMedia(doc: Document, tag: 'video' | 'audio'): Element | null {
  const candidates = [...doc.querySelectorAll(tag)].filter(
    (el) =>
      !el.closest('[hidden], [aria-hidden="true"], nav, aside, footer, noscript') &&
      !(tag === 'video' && decorative(el)),
  );
  if (candidates.length === 1) return candidates[0] ?? null;
  const large = candidates.filter((el) => declaredWidth(el) >= 640);
  return large.length === 1 ? (large[0] ?? null) : null;
}

/** A media element's http(s) source: its src, else the first <source src>. */
function mediaSource(el: Element | null, resolve: Resolve): string | null {
  if (!el) return null;
  return (
    [el.getAttribute('src'), ...[...el.querySelectorAll('source')].map((s) => s.getAttribute('src'))]
      .map((src) => resolve(src, false))
      .find(Boolean) ?? null
  );
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Word count: space-separated tokens with a letter or digit; Chinese/Japanese characters count half a word each. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return words + Math.floor(cjk / 2);
}

const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'nav', 'aside', 'form', 'button', 'select']);

/** Text of an element without scripts and chrome, block boundaries kept as spaces. */
function contentText(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    if (node.nodeType !== 1 || NOT_CONTENT.has((node as Element).tagName.toLowerCase())) return;
    parts.push(' ');
    for (const child of node.childNodes) walk(child);
    parts.push(' ');
  };
  walk(root);
  return parts.join('');
}

/** Words in the paragraphs of `root` outside nav/aside/footer/header/form. */
function proseWords(root: Element | null): number {
  let total = 0;
  for (const p of root?.querySelectorAll('p') ?? []) {
    if (!p.closest('nav, aside, footer, header, form, noscript, [hidden]')) total += countWords(contentText(p));
  }
  return total;
}

const ARTICLE_TYPE = /^(?:\w*Article|BlogPosting|LiveBlogPosting|SocialMediaPosting|DiscussionForumPosting|Report)$/;

/** Article entities in JSON-LD (following arrays and @graph), tolerant of malformed JSON. */
function jsonLdArticles(doc: Document): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const node = value as Record<string, unknown>;
    const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
    if (types.some((t) => typeof t === 'string' && ARTICLE_TYPE.test(t))) found.push(node);
    visit(node['@graph'], depth + 1);
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json" i]')) {
    try {
      visit(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // Malformed JSON-LD is common; ignore it.
    }
  }
  return found;
}

/** Words of the page's explicitly marked article: <article> / Article microdata, or a JSON-LD Article. */
function explicitArticleWords(doc: Document): number {
  let best = 0;
  for (const el of doc.querySelectorAll(
    'article, [role="article"], [itemtype*="schema.org/" i][itemtype*="Article"], [itemtype*="BlogPosting"]',
  )) {
    best = Math.max(best, countWords(contentText(el)));
  }
  const articles = jsonLdArticles(doc);
  if (articles.length) {
    const main = doc.querySelector('main, [role="main"]') ?? doc.body;
    const body = Math.max(
      0,
      ...articles.map((node) => (typeof node.articleBody === 'string' ? countWords(node.articleBody) : 0)),
    );
    best = Math.max(best, body, main ? countWords(contentText(main)) : 0);
  }
  return best;
}
