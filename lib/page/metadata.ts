// Read-only metadata helpers for page extraction. Nothing here mutates the document
// or touches browser globals, so it works on a live page and on a jsdom Document alike.

/** Collapses runs of whitespace to single spaces and trims; empty results become null. */
export function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

/** First argument that is a non-empty string after cleaning. */
export function firstOf(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const text = clean(value);
    if (text) return text;
  }
  return null;
}

/** Shortens to at most `max` characters, cutting at a word boundary and adding an ellipsis. */
export function truncate(value: string, max = 300): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** `<meta>` contents keyed by lower-cased property / name / itemprop; the first non-empty value wins. */
export function readMeta(doc: Document): (...keys: string[]) => string | null {
  const map = new Map<string, string>();
  for (const el of doc.querySelectorAll('meta[content]')) {
    const content = clean(el.getAttribute('content'));
    if (!content) continue;
    for (const attr of ['property', 'name', 'itemprop']) {
      const key = el.getAttribute(attr)?.trim().toLowerCase();
      if (key && !map.has(key)) map.set(key, content);
    }
  }
  return (...keys) => firstOf(...keys.map((key) => map.get(key)));
}

/** Turns a possibly relative URL into an absolute one, keeping only http(s) (and data:image when allowed). */
export function makeResolver(
  doc: Document,
  pageUrl: string,
): (raw: string | null | undefined, allowData?: boolean) => string | null {
  let base: URL | null = null;
  try {
    base = new URL(pageUrl);
    const href = doc.querySelector('base[href]')?.getAttribute('href');
    if (href) base = new URL(href.trim(), base);
  } catch {
    // Invalid page URL or <base href>: keep what we have (possibly null, then only absolute URLs resolve).
  }
  return (raw, allowData = true) => {
    const value = raw?.trim();
    if (!value) return null;
    try {
      const url = base ? new URL(value, base) : new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
      if (allowData && url.protocol === 'data:' && /^data:image\//i.test(value)) return value;
    } catch {
      // Not a URL.
    }
    return null;
  };
}

/** Parses a date string into ISO 8601, or null when it is not a recognisable date. */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = clean(value);
  if (!text || !/\d{4}/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type LdNode = Record<string, unknown>;

const isNode = (value: unknown): value is LdNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

// Entities that describe the page itself come first; supporting entities (the site, breadcrumbs, …) last.
const SUPPORTING =
  /^(Organization|Person|WebSite|BreadcrumbList|ListItem|ImageObject|SiteNavigationElement|SearchAction)$/;

/**
 * Structured data from `<script type="application/ld+json">`, tolerant of bad JSON, arrays, @graph and @id references.
 */
export class JsonLd {
  private readonly nodes: LdNode[] = [];
  private readonly byId = new Map<string, LdNode>();

  constructor(doc: Document) {
    for (const script of doc.querySelectorAll('script[type="application/ld+json" i]')) {
      const source = (script.textContent ?? '').replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[)|(-->|\/\/\s*\]\]>)\s*$/g, '');
      try {
        this.collect(JSON.parse(source));
      } catch {
        // Malformed JSON-LD is common in the wild; ignore it.
      }
    }
    const supporting = (node: LdNode) =>
      asArray(node['@type']).some((t) => typeof t === 'string' && SUPPORTING.test(t));
    this.nodes.sort((a, b) => Number(supporting(a)) - Number(supporting(b)));
  }

  private collect(value: unknown): void {
    for (const item of asArray(value)) {
      if (!isNode(item)) continue;
      if (typeof item['@id'] === 'string') this.byId.set(item['@id'], item);
      if (item['@type'] !== undefined) this.nodes.push(item);
      if (item['@graph'] !== undefined) this.collect(item['@graph']);
    }
  }

  private deref(value: unknown): unknown {
    if (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
      return this.byId.get(value['@id']) ?? value;
    }
    return value;
  }

  /** Values of `key` across all entities, following @id references, as strings (objects give their name / url). */
  private values(key: string, pick: (node: LdNode) => unknown): string[] {
    const out: string[] = [];
    for (const node of this.nodes) {
      for (const raw of asArray(node[key])) {
        const value = this.deref(raw);
        const text = typeof value === 'string' ? value : isNode(value) ? pick(value) : null;
        if (typeof text === 'string' && text.trim()) out.push(text.trim());
      }
      if (out.length) return out;
    }
    return out;
  }

  authorName(): string | null {
    const names = this.values('author', (n) => n.name);
    return names.length ? [...new Set(names)].join(', ') : null;
  }

  publisherName(): string | null {
    return this.values('publisher', (n) => n.name)[0] ?? null;
  }

  image(): string | null {
    return this.values('image', (n) => n.url ?? n.contentUrl)[0] ?? null;
  }

  datePublished(): string | null {
    return this.values('datePublished', () => null)[0] ?? null;
  }
}

/** rel tokens of a `<link>`, lower-cased. */
const relTokens = (el: Element) => (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);

export function findFavicon(doc: Document, resolve: ReturnType<typeof makeResolver>, pageUrl: string): string | null {
  const links = [...doc.querySelectorAll('link[rel][href]')];
  const icon = links.find((l) => relTokens(l).includes('icon'));
  const touch = links.find((l) => relTokens(l).some((t) => t.startsWith('apple-touch-icon')));
  return resolve(icon?.getAttribute('href')) ?? resolve(touch?.getAttribute('href')) ?? defaultFavicon(pageUrl);
}

/** `/favicon.ico` at the page's origin (not the <base href>), for http(s) pages only. */
function defaultFavicon(pageUrl: string): string | null {
  try {
    const url = new URL(pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}/favicon.ico` : null;
  } catch {
    return null;
  }
}

/** Declared dimensions small enough to be an icon, avatar or tracking pixel. */
const isSmall = (img: Element) =>
  ['width', 'height'].some((attr) => {
    const size = Number.parseInt(img.getAttribute(attr) ?? '', 10);
    return Number.isFinite(size) && size < 100;
  });

/** First content image that is not declared small. */
export function findContentImage(root: ParentNode | null, resolve: ReturnType<typeof makeResolver>): string | null {
  for (const img of root?.querySelectorAll('img') ?? []) {
    if (isSmall(img)) continue;
    const src = resolve(img.getAttribute('src') || img.getAttribute('data-src'));
    if (src && !src.startsWith('data:')) return src;
  }
  return null;
}
