import { Parser } from 'htmlparser2';

/** What a page's HTML says of itself: read in one pass, in time linear in its size, off any DOM. */
export interface PageText {
  title: string;
  description: string;
  image: string | null;
  byline: string;
  /** The readable text: the page's `<article>`, else its `<main>`, else its body; paragraphs apart. */
  text: string;
}

/** Elements whose content is never page text. */
const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
]);
/** Elements that end a paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'tr',
  'figure',
  'figcaption',
  'br',
  'hr',
]);
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'source', 'wbr', 'area', 'base', 'col', 'embed']);

/** Where text is gathered: `page` is everything outside `<head>` (for HTML that has no `<body>` tag). */
type Part = 'article' | 'main' | 'body' | 'page';

/** Paragraphs of text: spaces collapsed, empty ones dropped. */
const paragraphs = (chunks: string[]) =>
  chunks
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');

/**
 * Reads `html` (a page at `pageUrl`): its title, description, preview image (resolved against the page), author
 * and text. The server fills imported gems with it (page-fill.ts); the extension reads pages it is shown with
 * Readability (lib/page/extract.ts), which on the server would hold every request up for seconds on a large page.
 */
export function readPageText(html: string, pageUrl: string): PageText {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let skipping = 0;
  const open: string[] = [];
  const text: Record<Part, string[]> = { article: [], main: [], body: [], page: [] };
  const inside = new Set<Part>(['page']);
  const parts: Part[] = ['article', 'main', 'body', 'page'];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!VOID.has(name)) open.push(name);
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content && !meta.has(key)) meta.set(key, attributes.content);
        }
        if (name === 'title' && !title) inTitle = true;
        if (SKIPPED.has(name) && !VOID.has(name)) skipping += 1;
        if (name === 'article' || name === 'main' || name === 'body') inside.add(name);
        if (BLOCKS.has(name)) for (const part of inside) text[part].push('\n');
      },
      ontext(chunk) {
        if (inTitle) title += chunk;
        if (skipping > 0) return;
        for (const part of inside) text[part].push(chunk);
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        // Close up to the element named (HTML leaves some tags unclosed).
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        for (const closed of open.splice(at)) {
          if (closed === 'title') inTitle = false;
          if (SKIPPED.has(closed)) skipping = Math.max(0, skipping - 1);
          if (BLOCKS.has(closed)) for (const part of inside) text[part].push('\n');
          if (closed === 'article' || closed === 'main' || closed === 'body') inside.delete(closed);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  let best = '';
  for (const part of parts) {
    best = paragraphs(text[part]);
    if (best) break;
  }
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)?.trim()).find(Boolean) ?? '';
  const imageAddress = first('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src');
  let image: string | null = null;
  try {
    image = imageAddress ? new URL(imageAddress, pageUrl).href : null;
  } catch {
    image = null;
  }
  return {
    title: (first('og:title') || title).replace(/\s+/g, ' ').trim(),
    description: first('description', 'og:description', 'twitter:description').replace(/\s+/g, ' '),
    image,
    byline: first('author', 'article:author').replace(/^by\s+/i, ''),
    text: best,
  };
}
