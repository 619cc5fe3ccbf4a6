import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { extractPage, type PageExtract } from '../../lib/page/extract';

// These tests run in vitest's node environment, where `window`, `document` and `location` are not
// defined: extractPage passing here also shows it only uses the Document and url it is given.

const FIXTURE_URLS = {
  'news-article': 'https://www.harborledger.test/local/2024/05/14/council-approves-seawall?utm_source=feed',
  'blog-post': 'https://priya.notebook.test/posts/sourdough-altitude/',
  'docs-page': 'https://quarry.test/docs/cache',
  'product-page': 'https://www.nordkamm.test/p/fjellrygg-28?color=slate',
  'meta-only': 'https://atelier-lumen.test/reserver',
  'relative-urls': 'https://www.caminos.test/articulos/pueblos-blancos',
} as const;

type Fixture = keyof typeof FIXTURE_URLS;

function loadDoc(name: Fixture): Document {
  const html = readFileSync(new URL(`../fixtures/pages/${name}.html`, import.meta.url), 'utf8');
  return new JSDOM(html, { url: FIXTURE_URLS[name] }).window.document;
}

function extractFixture(name: Fixture): PageExtract {
  return extractPage(loadDoc(name), FIXTURE_URLS[name]);
}

function extractHtml(html: string, url = 'https://example.test/path/page.html'): PageExtract {
  return extractPage(new JSDOM(html, { url }).window.document, url);
}

/** Filler paragraphs so Readability has an article to find. */
const BODY = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story: the quick brown fox jumps over the lazy dog while the committee debates the budget, the weather turns, and readers keep scrolling through this long, ordinary sentence.</p>`,
).join('');

function expectAbsent(result: PageExtract, phrases: string[]): void {
  for (const phrase of phrases) {
    expect(result.text).not.toContain(phrase);
    expect(result.markdown).not.toContain(phrase);
  }
}

describe('extractPage on fixtures', () => {
  test('news article: og tags, JSON-LD @graph, boilerplate removed', () => {
    const r = extractFixture('news-article');
    expect(r.title).toBe('Council approves $48M seawall after late-night vote');
    expect(r.description).toBe(
      "After six hours of public comment, the Port Alden city council voted 5-2 to fund a seawall along the eastern waterfront, the largest infrastructure project in the city's history.",
    );
    // article:author is a profile URL, so it is skipped in favour of the names.
    expect(r.byline).toBe('Marisol Ortega, Dev Patel');
    expect(r.siteName).toBe('The Harbor Ledger');
    expect(r.lang).toBe('en-US');
    expect(r.image).toBe('https://static.harborledger.test/media/2024/05/seawall-hero-1200.jpg');
    expect(r.favicon).toBe('https://www.harborledger.test/assets/icons/ledger-32.png');
    expect(r.publishedAt).toBe('2024-05-15T06:41:00.000Z');
    expect(r.url).toBe(FIXTURE_URLS['news-article']);
    expect(r.text).toContain('Tonight we did something.');
    expect(r.text).toMatch(/Front Street and every winter/);
    expect(r.markdown).toContain('## Opposition from small businesses');
    expect(r.markdown).toContain('Councilmember Rosa Villanueva');
    expectAbsent(r, [
      'Subscribe for $1 a week',
      'Morning Tide newsletter',
      'All rights reserved',
      'Most read',
      'Gulls clinch',
      'dataLayer',
    ]);
    // Paragraphs are separated by blank lines, inline whitespace collapsed.
    expect(r.text).toContain('rising tides.\n\nThe $48 million project');
    expect(r.text).not.toMatch(/[ \t]{2,}/);
    expect(r.wordCount).toBeGreaterThan(280);
    expect(r.wordCount).toBeLessThan(360);
  });

  test('blog post: author meta, <time>, title without site suffix, content image', () => {
    const r = extractFixture('blog-post');
    expect(r.title).toBe('Sourdough at altitude: what six months of failed loaves taught me');
    expect(r.description).toBe(
      'Notes on keeping a sourdough starter alive at 2,200 metres, and why my first forty loaves came out flat.',
    );
    expect(r.byline).toBe('Priya Raman');
    expect(r.siteName).toBeNull();
    expect(r.lang).toBe('en-GB');
    expect(r.image).toBe('https://priya.notebook.test/img/2023/flat-loaves.jpg');
    expect(r.favicon).toBe('https://priya.notebook.test/favicon-notebook.png');
    expect(r.publishedAt).toBe('2023-11-02T03:45:00.000Z');
    expect(r.text).toContain('turn every loaf into a pale, dense frisbee.');
    expect(r.text).toContain(
      'Cutting the bulk fermentation from five hours to a little over three.\nUsing about ten percent less starter',
    );
    expect(r.markdown).toContain('> Bread is patient with you only if you are patient with it.');
    expect(r.markdown).toMatch(/^- +Using about ten percent less starter in the levain\.$/m);
    expect(r.markdown).toContain(
      '![A row of flat loaves on a cooling rack](https://priya.notebook.test/img/2023/flat-loaves.jpg)',
    );
    expectAbsent(r, ['Great post! Have you tried rye?', 'Built with Hugo', 'About me']);
    expect(r.wordCount).toBeGreaterThan(190);
    expect(r.wordCount).toBeLessThan(260);
  });

  test('docs page: fenced code blocks with languages, sidebar nav removed', () => {
    const r = extractFixture('docs-page');
    expect(r.title).toBe('Configuring the cache');
    expect(r.description).toBe(
      "Configure Quarry's on-disk query cache: size limits, eviction, and per-query overrides.",
    );
    expect(r.byline).toBeNull();
    expect(r.siteName).toBe('Quarry');
    expect(r.lang).toBe('en');
    expect(r.image).toBeNull();
    // Only an apple-touch-icon is declared.
    expect(r.favicon).toBe('https://quarry.test/img/quarry-touch.png');
    expect(r.publishedAt).toBeNull();
    expect(r.markdown).toContain(
      "```ts\nimport { createClient } from '@quarry/client';\n\nconst db = createClient({\n  url: process.env.DATABASE_URL,\n  cache: { maxBytes: 512 * 1024 * 1024, ttlSeconds: 600 },\n});\n```",
    );
    // Language taken from the <pre> class when <code> has none.
    expect(r.markdown).toContain('```bash\nquarry cache stats --format table\nquarry cache clear --older-than 1h\n```');
    // `lang-*` classes work too, and backticks inside the code stay intact.
    expect(r.markdown).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's code contains a JS template literal
      '```js\nconst rows = await db.query(`SELECT * FROM orders WHERE id = ${id}`, { cache: false });\n```',
    );
    expect(r.markdown).toContain('Pass `cache.maxBytes` when you create the client.');
    expect(r.markdown).toContain('## Eviction');
    // Code keeps its indentation in the plain text as well.
    expect(r.text).toContain('\n  url: process.env.DATABASE_URL,\n');
    expect(r.text).toContain('The cache is enabled by default with a 256 MB limit.');
    expectAbsent(r, [
      'Connection pooling',
      'Telemetry and tracing',
      'Your first query',
      'Quarry Labs',
      'Edit this page',
    ]);
    expect(r.wordCount).toBeGreaterThan(150);
    expect(r.wordCount).toBeLessThan(260);
  });

  test('product page: protocol-relative og:image, application-name, price in text', () => {
    const r = extractFixture('product-page');
    expect(r.title).toBe('Fjellrygg 28 Daypack – Slate Grey');
    expect(r.description).toBe(
      'Der Fjellrygg 28 ist ein leichter Tagesrucksack mit Rückenbelüftung, Regenhülle und 28 Litern Volumen.',
    );
    expect(r.byline).toBeNull();
    expect(r.siteName).toBe('Nordkamm Outfitters');
    expect(r.lang).toBe('de');
    // og:image wins over twitter:image and the JSON-LD Product images.
    expect(r.image).toBe('https://cdn.nordkamm.test/products/fjellrygg-28/slate-main.jpg');
    expect(r.favicon).toMatch(/^data:image\/svg\+xml,/);
    expect(r.publishedAt).toBeNull();
    expect(r.text).toContain('129,00 € inkl. MwSt.');
    expect(r.text).toContain('Rückenlänge: verstellbar, 42–52 cm');
    expect(r.markdown).toContain('## Technische Daten');
    expect(r.markdown).toContain('Die integrierte Regenhülle verstaut sich');
    expectAbsent(r, ['Warenkorb', 'Sale bis -40%', 'Kostenloser Versand', 'Datenschutz']);
    expect(r.wordCount).toBeGreaterThan(70);
    expect(r.wordCount).toBeLessThan(130);
  });

  test('meta-only page: metadata from meta tags, empty content, default favicon', () => {
    const r = extractFixture('meta-only');
    expect(r.title).toBe('Atelier Lumen – réservez votre séance photo');
    expect(r.description).toBe(
      'Studio photo à Lyon : portraits, photos de famille et shootings produits. Réservation en ligne en deux minutes.',
    );
    expect(r.byline).toBe('Atelier Lumen');
    expect(r.siteName).toBeNull();
    expect(r.lang).toBe('fr-FR');
    expect(r.image).toBe('https://atelier-lumen.test/og/cover.jpg');
    expect(r.favicon).toBe('https://atelier-lumen.test/favicon.ico');
    expect(r.publishedAt).toBe('2024-02-29T00:00:00.000Z');
    expect(r.text).toBe('');
    expect(r.markdown).toBe('');
    expect(r.wordCount).toBe(0);
  });

  test('relative URLs: <base href>, javascript: dropped, bad JSON-LD ignored', () => {
    const r = extractFixture('relative-urls');
    expect(r.title).toBe('Ruta de los pueblos blancos en bicicleta');
    // No meta description: Readability's excerpt (first paragraph).
    expect(r.description).toMatch(/^Salimos de Arcos de la Frontera .* colgado de la sierra\.$/);
    // The JSON-LD block with the author is malformed; the valid one still gives the publisher.
    expect(r.byline).toBeNull();
    expect(r.siteName).toBe('Revista Caminos');
    expect(r.lang).toBe('es');
    // og:image is javascript:, so twitter:image (relative to <base href>) is used.
    expect(r.image).toBe('https://cdn.caminos.test/revista/2024/img/portada-grazalema.jpg');
    expect(r.favicon).toBe('https://cdn.caminos.test/iconos/favicon.svg');
    expect(r.publishedAt).toBeNull();
    expect(r.markdown).toContain(
      '[ficha de la ruta](https://cdn.caminos.test/revista/2024/rutas/pueblos-blancos.html)',
    );
    expect(r.markdown).toContain('](https://cdn.caminos.test/revista/2024/img/grazalema-mirador.jpg)');
    expect(r.markdown).toContain('nuestro mapa interactivo');
    expect(r.markdown).not.toContain('javascript:');
    expect(r.text).toContain('o en nuestro mapa interactivo.');
    expect(r.wordCount).toBeGreaterThan(110);
    expect(r.wordCount).toBeLessThan(170);
  });

  test.each(Object.keys(FIXTURE_URLS) as Fixture[])('%s: the input document is not mutated', (name) => {
    const doc = loadDoc(name);
    const before = doc.documentElement.outerHTML;
    const r = extractPage(doc, FIXTURE_URLS[name]);
    expect(r.title).not.toBe('');
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('extractPage edge cases', () => {
  test('an empty document does not throw', () => {
    const r = extractHtml('', 'https://empty.test/some/page');
    expect(r).toEqual({
      title: 'empty.test',
      description: '',
      byline: null,
      siteName: null,
      lang: null,
      image: null,
      favicon: 'https://empty.test/favicon.ico',
      publishedAt: null,
      text: '',
      markdown: '',
      wordCount: 0,
      url: 'https://empty.test/some/page',
    });
  });

  test('a document without a root element or with an invalid url does not throw', () => {
    const { document } = new JSDOM('').window;
    const bare = document.implementation.createDocument(null, null);
    expect(extractPage(bare, 'https://bare.test/').title).toBe('bare.test');
    const r = extractHtml(`<link rel="icon" href="/i.png"><h1>Hello</h1>${BODY}`);
    const bad = extractPage(
      new JSDOM(`<link rel="icon" href="/i.png"><h1>Hello</h1>${BODY}`).window.document,
      'not a url',
    );
    expect(r.favicon).toBe('https://example.test/i.png');
    expect(bad.favicon).toBeNull();
    expect(bad.title).toBe('Hello');
    expect(bad.text).toContain('Paragraph 1 of the story');
  });

  test('javascript: and other unsafe URLs are dropped', () => {
    const r = extractHtml(`<html><head>
      <meta property="og:image" content="javascript:alert(1)">
      <meta name="twitter:image" content="data:text/html,<script>alert(1)</script>">
      <link rel="icon" href="javascript:alert(2)">
      </head><body><article><h1>Safe</h1>
      <p><img src="javascript:alert(3)" alt="x" width="600" height="400"><a href="javascript:alert(4)">click here</a> and <a href="vbscript:msgbox">there</a>.</p>
      ${BODY}</article></body></html>`);
    expect(r.image).toBeNull();
    expect(r.favicon).toBe('https://example.test/favicon.ico');
    expect(r.markdown).not.toMatch(/javascript:|vbscript:|alert\(/);
    expect(r.markdown).toContain('click here and there.');
  });

  test('data: image URLs are kept', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    expect(extractHtml(`<meta property="og:image" content="${png}"><p>x</p>`).image).toBe(png);
  });

  test('bad JSON-LD is ignored; @graph @id references are followed', () => {
    const r = extractHtml(`<html><head>
      <script type="application/ld+json">{ "@type": "Article", "author": "Broken", </script>
      <script type="application/ld+json">not json at all</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"WebSite","@id":"#site","name":"Site Name From WebSite"},
        {"@type":"BlogPosting","author":{"@id":"#ada"},"publisher":{"@id":"#org"},"datePublished":"2021-06-01T10:00:00Z","image":{"@type":"ImageObject","url":"/img/cover.webp"}},
        {"@type":"Person","@id":"#ada","name":"Ada Lovelace"},
        {"@type":"Organization","@id":"#org","name":"Engine Weekly"}
      ]}</script>
      </head><body><article><h1>Notes</h1>${BODY}</article></body></html>`);
    expect(r.byline).toBe('Ada Lovelace');
    expect(r.siteName).toBe('Engine Weekly');
    expect(r.publishedAt).toBe('2021-06-01T10:00:00.000Z');
    expect(r.image).toBe('https://example.test/img/cover.webp');
    expect(r.text).toContain('Paragraph 4 of the story');
  });

  test('title falls back through <title>, <h1> and the hostname', () => {
    expect(extractHtml(`<title>Plain Title</title><h1>Heading</h1>${BODY}`).title).toBe('Plain Title');
    expect(extractHtml(`<h1>Only a heading</h1>${BODY}`).title).toBe('Only a heading');
    expect(extractHtml('<p>hi</p>', 'https://www.host.test/x').title).toBe('www.host.test');
    expect(extractHtml(`<meta name="twitter:title" content="Tweet title"><title>Doc</title>${BODY}`).title).toBe(
      'Tweet title',
    );
  });

  test('description is collapsed and truncated at a word boundary', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join('   ');
    const r = extractHtml(
      `<meta name="description" content="${long}"><meta name="twitter:description" content="Nope">${BODY}`,
    );
    expect(r.description.length).toBeLessThanOrEqual(301);
    expect(r.description.length).toBeGreaterThan(250);
    expect(r.description).toMatch(/^word0 word1 word2 .* word\d+…$/);
    expect(long.replace(/\s+/g, ' ')).toContain(r.description.slice(0, -1));
  });

  test('publishedAt: <time datetime> fallback, unparseable dates give null', () => {
    expect(extractHtml(`<article><time datetime="2022-03-04">4 March</time>${BODY}</article>`).publishedAt).toBe(
      '2022-03-04T00:00:00.000Z',
    );
    expect(extractHtml(`<meta property="article:published_time" content="yesterday">${BODY}`).publishedAt).toBeNull();
    expect(
      extractHtml(
        `<meta property="article:published_time" content="soon"><meta name="date" content="2020-01-02T03:04:05+01:00">${BODY}`,
      ).publishedAt,
    ).toBe('2020-01-02T02:04:05.000Z');
  });

  test('image falls back to the first large content image, skipping small ones', () => {
    const r = extractHtml(
      `<article><h1>Gallery</h1><p><img src="/icons/star.png" width="24" height="24"> <img src="photos/big.jpg" width="800" height="500"></p>${BODY}</article>`,
    );
    expect(r.image).toBe('https://example.test/path/photos/big.jpg');
  });

  test('<html lang> wins over og:locale; byline "By" prefix is stripped', () => {
    const r = extractHtml(
      `<html lang="pt-BR"><head><meta property="og:locale" content="en_US"><meta name="author" content="By Ana Souza"></head><body>${BODY}</body></html>`,
    );
    expect(r.lang).toBe('pt-BR');
    expect(r.byline).toBe('Ana Souza');
  });
});
