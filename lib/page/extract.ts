import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { isWebAddress } from '../api/web-address';
import { cleanArticle } from './article-cleanup';
import { blockText } from './block-text';
import {
  clean,
  findContentImage,
  findFavicon,
  firstOf,
  JsonLd,
  makeResolver,
  readMeta,
  toIsoDate,
  truncate,
} from './metadata';

export interface PageExtract {
  title: string;
  description: string;
  byline: string | null;
  siteName: string | null;
  lang: string | null;
  image: string | null;
  favicon: string | null;
  publishedAt: string | null;
  text: string;
  markdown: string;
  wordCount: number;
  url: string;
}

type Article = NonNullable<ReturnType<Readability<Element>['parse']>>;
type Resolve = ReturnType<typeof makeResolver>;

/**
 * Extracts the readable content and metadata of a page. Pure with respect to the DOM: `doc` is never
 * mutated (Readability runs on a clone) and no browser globals are used, so it runs in a content
 * script and on a jsdom Document alike. Never throws for odd or empty documents.
 */
export function extractPage(doc: Document, url: string): PageExtract {
  const article = runReadability(doc);
  const content = article?.content && clean(article.textContent) ? article.content : fallbackBody(doc);
  const resolve = makeResolver(doc, url);
  if (content) {
    cleanArticle(content);
    fixUrls(content, resolve);
  }

  const meta = readMeta(doc);
  const ld = new JsonLd(doc);
  const text = content ? blockText(content) : '';

  return {
    title: pickTitle(doc, meta, article, url),
    description: truncate(
      firstOf(meta('og:description'), meta('description'), meta('twitter:description'), article?.excerpt) ?? '',
    ),
    byline:
      firstOf(meta('author'), notUrl(meta('article:author')), article?.byline, ld.authorName())?.replace(
        /^by\s+/i,
        '',
      ) ?? null,
    siteName: firstOf(meta('og:site_name'), meta('application-name'), ld.publisherName()),
    lang: firstOf(doc.documentElement?.getAttribute('lang'), meta('og:locale')?.replace(/_/g, '-')),
    image:
      [
        meta('og:image', 'og:image:url'),
        meta('og:image:secure_url'),
        meta('twitter:image', 'twitter:image:src'),
        doc.querySelector('link[rel~="image_src" i][href]')?.getAttribute('href'),
        ld.image(),
      ]
        .map((candidate) => resolve(candidate))
        .find(Boolean) ?? findContentImage(content, resolve),
    favicon: findFavicon(doc, resolve, url),
    publishedAt: publishedAt(doc, meta, ld),
    text,
    markdown: content ? toMarkdown(content) : '',
    wordCount: text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length,
    url,
  };
}

function runReadability(doc: Document): Article | null {
  try {
    const clone = doc.cloneNode(true) as Document;
    // keepClasses preserves `language-*` classes on code blocks for the markdown fences.
    return new Readability<Element>(clone, { keepClasses: true, serializer: (node) => node as Element }).parse();
  } catch {
    return null;
  }
}

const JUNK = 'script, style, noscript, template, iframe, svg, canvas, nav, footer, [hidden], [aria-hidden="true"]';

/** The body without scripts and obvious chrome, for pages Readability can't make sense of. */
function fallbackBody(doc: Document): Element | null {
  const body = doc.body?.cloneNode(true) as Element | undefined;
  if (!body) return null;
  for (const el of body.querySelectorAll(JUNK)) el.remove();
  return clean(body.textContent) ? body : null;
}

/** Makes links and images in the extracted content absolute and drops unsafe ones (javascript: etc.). */
function fixUrls(root: Element, resolve: Resolve): void {
  for (const a of root.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    const absolute = resolve(href, false);
    if (absolute) a.setAttribute('href', absolute);
    else if (!/^\s*(mailto|tel):/i.test(href)) a.removeAttribute('href');
  }
  for (const img of root.querySelectorAll('img')) {
    const src = resolve(img.getAttribute('src') || img.getAttribute('data-src'));
    if (src) img.setAttribute('src', src);
    else img.remove();
  }
}

function publishedAt(doc: Document, meta: ReturnType<typeof readMeta>, ld: JsonLd): string | null {
  const time =
    doc.querySelector('time[itemprop~="datePublished"][datetime], time[pubdate][datetime]') ??
    doc.querySelector('time[datetime]');
  const candidates = [
    meta('article:published_time'),
    ld.datePublished(),
    time?.getAttribute('datetime'),
    ...[
      'datepublished',
      'date',
      'dc.date',
      'dc.date.issued',
      'dcterms.created',
      'dcterms.date',
      'pubdate',
      'publish-date',
      'parsely-pub-date',
    ].map((key) => meta(key)),
  ];
  for (const candidate of candidates) {
    const iso = toIsoDate(candidate);
    if (iso) return iso;
  }
  return null;
}

function pickTitle(doc: Document, meta: ReturnType<typeof readMeta>, article: Article | null, url: string): string {
  const docTitle = clean(doc.querySelector('title')?.textContent);
  const h1 = clean(doc.querySelector('h1')?.textContent);
  // "<h1> – Site name" in <title>: the <h1> is the exact title. Readability's own heuristics can cut such titles at a
  // colon.
  const rest =
    h1 && docTitle
      ? docTitle.startsWith(h1)
        ? docTitle.slice(h1.length)
        : docTitle.endsWith(h1)
          ? docTitle.slice(0, -h1.length)
          : null
      : null;
  const h1InTitle = rest !== null && (rest === '' || /^\s*[-|–—:·•»/]|[-|–—:·•«/]\s*$/.test(rest)) ? h1 : null;
  return firstOf(meta('og:title'), meta('twitter:title'), h1InTitle, article?.title, docTitle, h1) ?? hostname(url);
}

const notUrl = (value: string | null) => (isWebAddress(value) ? null : value);

function hostname(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

let turndown: TurndownService | undefined;

function toMarkdown(root: Element | string): string {
  turndown ??= createTurndown();
  return turndown
    .turndown(root as HTMLElement | string)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Markdown of an HTML document given as text (an uploaded HTML file, a converted DOCX), by the page extracts' rules.
 */
export const htmlToMarkdown = (html: string): string => toMarkdown(html);

const languageOf = (el: Element | null) =>
  el?.getAttribute('data-lang') ??
  el?.getAttribute('data-language') ??
  [...(el?.classList ?? [])].map((c) => /^(?:lang|language)-([\w#+.-]+)$/i.exec(c)?.[1]).find(Boolean) ??
  null;

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  service.remove(['script', 'style', 'noscript', 'template']);
  // Fence every <pre>, with the language from `language-*` / `lang-*` classes, and a fence longer than any backtick run
  // inside.
  service.addRule('fencedPre', {
    filter: 'pre',
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const lang = languageOf(pre.querySelector('code')) ?? languageOf(pre) ?? '';
      const code = (pre.textContent ?? '').replace(/\n$/, '');
      const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${lang}\n${code}\n${fence}\n\n`;
    },
  });
  return service;
}
