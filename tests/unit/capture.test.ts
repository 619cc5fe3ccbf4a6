import { readFileSync } from 'node:fs';
import flourite from 'flourite';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { captureCode, captureImage, captureLink, captureSelection, runCapture } from '../../lib/page/capture';
import { srcsetUrls } from '../../lib/page/capture-elements';
import { blockLanguage, detectLanguage, normalizeLanguage } from '../../lib/page/code-language';

// Vitest's node environment: no window/document/location globals, so passing here also shows the
// capture functions only use the Document they are given (as in the injected content script).

const DOCS_URL = 'https://docs.lanternfish.test/guide/getting-started';

function loadDocs(): Document {
  const html = readFileSync(new URL('../fixtures/pages/capture-docs.html', import.meta.url), 'utf8');
  return new JSDOM(html, { url: DOCS_URL }).window.document;
}

function fromHtml(html: string, url = 'https://example.test/a/page.html'): Document {
  return new JSDOM(html, { url }).window.document;
}

function byId(doc: Document, id: string): Element {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
}

/** The text node and offset at character `index` of `root`'s textContent. */
function textPoint(root: Node, index: number, isEnd: boolean): [Node, number] {
  let seen = 0;
  let last: [Node, number] | null = null;
  const walk = (node: Node): [Node, number] | null => {
    if (node.nodeType === 3) {
      const length = node.nodeValue?.length ?? 0;
      if (isEnd ? index <= seen + length : index < seen + length) return [node, index - seen];
      seen += length;
      last = [node, length];
      return null;
    }
    for (const child of node.childNodes) {
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  const found = walk(root) ?? last;
  if (!found) throw new Error('no text');
  return found;
}

function point(el: Element, substring: string, isEnd: boolean): [Node, number] {
  const index = (el.textContent ?? '').indexOf(substring);
  if (index < 0) throw new Error(`"${substring}" not in #${el.id}`);
  return textPoint(el, isEnd ? index + substring.length : index, isEnd);
}

/** Selects from the start of `from` (in `start`) to the end of `to` (in `end`, default `start`). */
function select(doc: Document, start: Element, from: string, to = from, end = start): Range {
  const range = doc.createRange();
  range.setStart(...point(start, from, false));
  range.setEnd(...point(end, to, true));
  const selection = doc.getSelection();
  if (!selection) throw new Error('no selection API');
  selection.removeAllRanges();
  selection.addRange(range);
  return range;
}

const selectAll = (doc: Document, el: Element) => select(doc, el, el.textContent ?? '');

describe('captureSelection', () => {
  test('keeps newlines and indentation of a multi-line selection inside <pre> exactly', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'ts-block'), 'export async', "'not ready');\n  }");
    const result = captureSelection(doc);
    expect(result?.text).toBe(
      "export async function openSession(token: string): Promise<Session> {\n  const client = await connect({ token, region: 'eu-west' });\n  if (!client.ready) {\n    throw new Error('not ready');\n  }",
    );
    // The markup keeps its <pre>/<code> context, so it still means preformatted code.
    expect(result?.html).toMatch(
      /^<pre id="ts-block" class="prism-code"><code class="language-ts">export async function/,
    );
    expect(result?.html).toContain('Promise&lt;Session&gt;');
  });

  test('tabs and blank lines survive, across highlighter <span>s', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'go-block'), 'func main', 'panic(err)\n\t}');
    expect(captureSelection(doc)?.text).toBe(
      'func main() {\n\tclient, err := lf.Connect("token")\n\tif err != nil {\n\t\tpanic(err)\n\t}',
    );
    select(doc, byId(doc, 'sphinx-block'), 'def', 'end');
    expect(captureSelection(doc)?.text).toBe('def greet(name)\n  puts "hello #{name}"\nend');
  });

  test('a selection spanning elements gives their markup, without scripts', () => {
    const doc = fromHtml('<p id="a">One <b>bold</b> move.</p><script>track()</script><p id="b">Two.</p>');
    select(doc, byId(doc, 'a'), 'bold', 'Two', byId(doc, 'b'));
    const result = captureSelection(doc);
    expect(result?.text).toBe('bold move.track()Two'); // jsdom's toString is raw text; browsers skip the script text
    expect(result?.html).toBe('<p id="a"><b>bold</b> move.</p><p id="b">Two</p>');
  });

  test('no selection, a collapsed one, or only whitespace → null', () => {
    const doc = loadDocs();
    expect(captureSelection(doc)).toBeNull();
    const range = doc.createRange();
    range.setStart(byId(doc, 'prose').firstChild as Node, 3);
    doc.getSelection()?.addRange(range);
    expect(captureSelection(doc)).toBeNull();
    expect(captureCode(doc)).toBeNull();
    const blank = fromHtml('<p id="p">a      b</p>');
    select(blank, byId(blank, 'p'), '    ');
    expect(captureSelection(blank)).toBeNull();
  });

  test('falls back to the focused textarea selection (not part of getSelection in Firefox)', () => {
    const doc = fromHtml('<textarea id="t">first line\n    indented() {\n    }\nlast</textarea>');
    const area = byId(doc, 't') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(11, 34);
    expect(captureSelection(doc)).toEqual({ text: '    indented() {\n    }\n', html: '    indented() {\n    }\n' });
    expect(captureCode(doc)?.code).toBe('    indented() {\n    }\n');
  });
});

describe('captureCode: declared language from the block', () => {
  const cases: [string, string][] = [
    ['ts-block', 'typescript'], // <code class="language-ts">
    ['py-block', 'python'], // <pre class="lang-py"> with a bare <code class="hljs">
    ['bash-block', 'bash'], // <code class="hljs bash">
    ['gh-block', 'javascript'], // GitHub <div class="highlight highlight-source-js"><pre>
    ['brush-block', 'php'], // SyntaxHighlighter <pre class="brush: php; toolbar: false">
    ['yaml-block', 'yaml'], // data-lang="yml" two ancestors up
    ['sphinx-block', 'ruby'], // Sphinx <div class="highlight-ruby"><div class="highlight"><pre>
    ['pandoc-block', 'haskell'], // Pandoc <pre class="sourceCode haskell">
    ['text-block', 'plaintext'], // language-text: declared plain text
  ];
  test.each(cases)('#%s → %s', (id, language) => {
    const doc = loadDocs();
    const block = byId(doc, id);
    selectAll(doc, block);
    expect(captureCode(doc)).toEqual({ code: block.textContent, language, languageSource: 'class' });
  });

  test('a partial selection inside a block saves the selection with the whole block’s language', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'ts-block'), 'client.ready');
    expect(captureCode(doc)).toEqual({ code: 'client.ready', language: 'typescript', languageSource: 'class' });
    select(doc, byId(doc, 'py-block'), '    for event', 'payload)');
    expect(captureCode(doc)).toEqual({
      code: '    for event in client.events():\n        print(event.kind, event.payload)',
      language: 'python',
      languageSource: 'class',
    });
  });

  test('a selection running from prose into a block takes the block’s language', () => {
    const doc = loadDocs();
    const heading = [...doc.querySelectorAll('h2')].find((h) => h.textContent === 'Python');
    if (!heading) throw new Error('no heading');
    select(doc, heading, 'Python', 'def open_session', byId(doc, 'py-block'));
    const result = captureCode(doc);
    expect(result?.language).toBe('python');
    expect(result?.code.endsWith('from lanternfish import connect\n\ndef open_session')).toBe(true);
  });

  test('language ids are normalised through the alias table', () => {
    expect(
      ['ts', 'TypeScript', 'js', 'py', 'sh', 'Shell', 'zsh', 'golang', 'rs', 'c++', 'cs', 'yml', 'md', 'text'].map(
        normalizeLanguage,
      ),
    ).toEqual([
      'typescript',
      'typescript',
      'javascript',
      'python',
      'bash',
      'bash',
      'bash',
      'go',
      'rust',
      'cpp',
      'csharp',
      'yaml',
      'markdown',
      'plaintext',
    ]);
    // Unknown but explicit ids are kept; "no language" markers and junk are not languages.
    expect(['nix', 'nohighlight', 'default', 'a b', ''].map(normalizeLanguage)).toEqual([
      'nix',
      null,
      null,
      null,
      null,
    ]);
  });

  test('more markup conventions', () => {
    const doc = fromHtml(`
      <pre id="a" data-language="Kotlin"><code>fun main() {}</code></pre>
      <pre id="b"><code class="hljs language-rust">fn main() {}</code></pre>
      <div class="highlight highlight-text-html-basic"><pre id="c">&lt;p&gt;hi&lt;/p&gt;</pre></div>
      <div class="highlight highlight-source-shell"><pre id="d">ls -la</pre></div>
      <div class="language-tsx highlighter-rouge"><div class="highlight"><pre id="e" class="highlight"><code>let x = &lt;A/&gt;;</code></pre></div></div>
      <div class="lang-en"><div><div><div><pre id="f"><code>x</code></pre></div></div></div></div>
      <div class="language-go"><div><div><div><pre id="g"><code>x</code></pre></div></div></div></div>
      <pre id="h" class="brush:csharp"><code>var x = 1;</code></pre>`);
    const lang = (id: string) => blockLanguage(byId(doc, id));
    expect(['a', 'b', 'c', 'd', 'e', 'h'].map(lang)).toEqual(['kotlin', 'rust', 'html', 'bash', 'tsx', 'csharp']);
    // Ancestors count only with a known language id, and only up to 3 levels above the <pre>.
    expect(lang('f')).toBeNull();
    expect(lang('g')).toBeNull();
  });
});

describe('captureCode: detected language', () => {
  test('an unlabelled Go block is detected by flourite, even inside a lang-en wrapper', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'go-block'), 'fmt.Println(event.Kind)');
    // The selection is tiny; detection runs on the whole block it sits in.
    expect(captureCode(doc)).toEqual({ code: 'fmt.Println(event.Kind)', language: 'go', languageSource: 'detected' });
  });

  test('an unlabelled Rust block is detected by flourite', () => {
    const doc = loadDocs();
    selectAll(doc, byId(doc, 'rust-block'));
    expect(captureCode(doc)).toMatchObject({ language: 'rust', languageSource: 'detected' });
  });

  test('unlabelled shell commands are bash (flourite has no shell: it says Lua)', () => {
    const doc = loadDocs();
    const block = byId(doc, 'shell-plain');
    selectAll(doc, block);
    expect(flourite(block.textContent ?? '').language).toBe('Lua');
    expect(captureCode(doc)).toMatchObject({ language: 'bash', languageSource: 'detected' });
  });

  test('prose gets no language, although flourite alone would claim one', () => {
    const doc = loadDocs();
    const prose = byId(doc, 'prose');
    selectAll(doc, prose);
    // "print", "import", "end" make flourite call this English paragraph a language.
    expect(flourite(prose.textContent ?? '').language).not.toBe('Unknown');
    expect(captureCode(doc)).toEqual({ code: prose.textContent, language: null, languageSource: null });
  });

  test('inline <code> in prose without a class: a single identifier is not enough to detect', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'post'), 'Stream');
    expect(captureCode(doc)).toEqual({ code: 'Stream', language: null, languageSource: null });
  });

  test('detectLanguage rules', () => {
    // Code-like text outside a block is still detected.
    expect(detectLanguage('const total = items.reduce((sum, item) => sum + item.price, 0);', false)).toBe('javascript');
    expect(detectLanguage('SELECT id, title FROM gems WHERE user_id = 7 ORDER BY id;', false)).toBe('sql');
    expect(detectLanguage('{"name": "trove", "private": true, "tags": ["a", "b"]}', false)).toBe('json');
    // A shebang, or commands with a prompt outside a block, are bash.
    expect(detectLanguage('#!/usr/bin/env bash\nset -euo pipefail\nmain "$@"', true)).toBe('bash');
    expect(detectLanguage('$ npm test\n$ git push', false)).toBe('bash');
    // Without a prompt, command-like prose outside a block is not shell.
    expect(detectLanguage('cd into the folder first', false)).toBeNull();
    // English with code words, and flourite ties between unrelated languages, give null.
    expect(
      detectLanguage('Let me know if you have questions. I will print the report and import the data.', false),
    ).toBeNull();
    expect(detectLanguage('let total: u32 = items.iter().map(|i| i.price).sum();', false)).toBeNull();
    expect(detectLanguage('   \n  ', true)).toBeNull();
  });
});

describe('captureLink', () => {
  const abs = (path: string) => new URL(path, DOCS_URL).href;

  test('visible text, collapsed, hidden parts skipped', () => {
    expect(captureLink(loadDocs(), abs('/docs/sessions#lifecycle'))).toEqual({
      url: abs('/docs/sessions#lifecycle'),
      title: 'Session lifecycle',
    });
  });

  test('falls back to comparing without the fragment', () => {
    const doc = loadDocs();
    expect(captureLink(doc, abs('/docs/sessions')).title).toBe('Session lifecycle');
    expect(captureLink(doc, abs('/docs/sessions#other')).title).toBe('Session lifecycle');
  });

  test('image-only link → the image alt', () => {
    expect(captureLink(loadDocs(), 'https://cdn.lanternfish.test/diagrams/flow.png').title).toBe('Event flow diagram');
  });

  test('icon link → aria-label; aria-labelledby; title attribute (relative href resolved)', () => {
    const doc = loadDocs();
    expect(captureLink(doc, 'https://github.com/lanternfish/sdk').title).toBe('Lanternfish on GitHub');
    expect(captureLink(doc, abs('/pricing')).title).toBe('Plans and pricing');
    expect(captureLink(doc, 'https://docs.lanternfish.test/changelog').title).toBe('Release notes');
  });

  test('a card linking one URL twice takes the text of whichever link has some', () => {
    expect(captureLink(loadDocs(), abs('/blog/launch')).title).toBe('We launched the streaming API');
  });

  test('no label at all, or no matching link → the URL', () => {
    const doc = loadDocs();
    expect(captureLink(doc, 'https://status.lanternfish.test/')).toEqual({
      url: 'https://status.lanternfish.test/',
      title: 'https://status.lanternfish.test/',
    });
    expect(captureLink(doc, 'https://elsewhere.test/x').title).toBe('https://elsewhere.test/x');
  });

  test('hrefs resolve against <base href>; <area> uses its alt', () => {
    const doc = fromHtml(
      '<base href="https://cdn.example.test/docs/"><a href="guide.html">Guide</a><map name="m"><area href="/north" alt="North wing" shape="rect" coords="0,0,1,1"></map>',
    );
    expect(captureLink(doc, 'https://cdn.example.test/docs/guide.html').title).toBe('Guide');
    expect(captureLink(doc, 'https://cdn.example.test/north').title).toBe('North wing');
  });

  test('long link text is truncated to 300 characters', () => {
    const doc = fromHtml(`<a href="/x">${'word '.repeat(200)}</a>`);
    expect(captureLink(doc, 'https://example.test/x').title.length).toBeLessThanOrEqual(301);
  });
});

describe('captureImage', () => {
  // jsdom does no layout or image loading: naturalWidth/naturalHeight are always 0 there, so these tests see
  // the width/height attribute fallback. In a browser a loaded image reports its natural size instead.
  test('alt collapsed, size from the width/height attributes', () => {
    expect(captureImage(loadDocs(), 'https://docs.lanternfish.test/img/architecture.png')).toEqual({
      src: 'https://docs.lanternfish.test/img/architecture.png',
      alt: 'Architecture overview',
      width: 960,
      height: 540,
      title: null,
    });
  });

  test('the figure caption is the title (over the title attribute)', () => {
    expect(captureImage(loadDocs(), 'https://cdn.lanternfish.test/shots/console.webp')).toEqual({
      src: 'https://cdn.lanternfish.test/shots/console.webp',
      alt: 'Console screenshot',
      width: null,
      height: null,
      title: 'The Lanternfish console after the first session.',
    });
  });

  test('found through a srcset candidate (with commas in its URL)', () => {
    expect(captureImage(loadDocs(), 'https://img.lanternfish.test/c_fill,w_1280/team.jpg')).toMatchObject({
      alt: 'The team at the 2024 offsite',
      width: 640,
      height: 427,
    });
  });

  test('found through <picture><source srcset>: the source’s size when it declares one, else the img’s', () => {
    const doc = loadDocs();
    expect(captureImage(doc, 'https://docs.lanternfish.test/img/map@2x.avif')).toEqual({
      src: 'https://docs.lanternfish.test/img/map@2x.avif',
      alt: 'Coverage map',
      width: 1200,
      height: 800,
      title: 'Regions',
    });
    expect(captureImage(doc, 'https://docs.lanternfish.test/img/map.webp')).toMatchObject({ width: 600, height: 400 });
  });

  test('title attribute; a percentage width is not a size', () => {
    expect(captureImage(loadDocs(), 'https://docs.lanternfish.test/img/badge.svg')).toEqual({
      src: 'https://docs.lanternfish.test/img/badge.svg',
      alt: '',
      width: null,
      height: null,
      title: 'Build passing',
    });
  });

  test('lazy data-src images, and an alt-less duplicate loses to the one with alt', () => {
    const doc = fromHtml('<img src="/p.jpg"><img data-src="/p.jpg" alt="Pier at dawn" width="800px" height="600">');
    expect(captureImage(doc, 'https://example.test/p.jpg')).toMatchObject({
      alt: 'Pier at dawn',
      width: 800,
      height: 600,
    });
  });

  test('not found → the URL with nulls', () => {
    expect(captureImage(loadDocs(), 'https://tracker.test/pixel.gif')).toEqual({
      src: 'https://tracker.test/pixel.gif',
      alt: '',
      width: null,
      height: null,
      title: null,
    });
  });

  test('srcset parsing', () => {
    expect(srcsetUrls('a.jpg 1x, b.jpg 2x')).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls('a.jpg,b.jpg 2x')).toEqual(['a.jpg,b.jpg']);
    expect(srcsetUrls('/c_fill,w_640/a.jpg 640w,/b.jpg 1280w')).toEqual(['/c_fill,w_640/a.jpg', '/b.jpg']);
    expect(srcsetUrls(' one.png, two.png 3x ')).toEqual(['one.png', 'two.png']);
    expect(srcsetUrls(null)).toEqual([]);
  });
});

describe('runCapture (what entrypoints/capture.ts returns)', () => {
  test('dispatches on the request kind', () => {
    const doc = loadDocs();
    select(doc, byId(doc, 'ts-block'), 'client.ready');
    expect(runCapture(doc, { kind: 'selection' }, DOCS_URL)?.text).toBe('client.ready');
    expect(runCapture(doc, { kind: 'code' }, DOCS_URL)?.language).toBe('typescript');
    expect(runCapture(doc, { kind: 'link', linkUrl: 'https://github.com/lanternfish/sdk' }, DOCS_URL).title).toBe(
      'Lanternfish on GitHub',
    );
    expect(runCapture(doc, { kind: 'image', srcUrl: 'https://docs.lanternfish.test/img/map.png' }, DOCS_URL).alt).toBe(
      'Coverage map',
    );
    expect(runCapture(doc, { kind: 'media' }, DOCS_URL).mediaType).toBe('Article');
  });

  test('a missing or malformed request → null', () => {
    const doc = loadDocs();
    for (const request of [
      undefined,
      null,
      'code',
      {},
      { kind: 'nope' },
      { kind: 'link' },
      { kind: 'image', srcUrl: 7 },
    ]) {
      expect(runCapture(doc, request, DOCS_URL)).toBeNull();
    }
  });
});

test('capturing never mutates the document or the selection', () => {
  const doc = loadDocs();
  const range = select(doc, byId(doc, 'ts-block'), 'export async', 'client.session();');
  const before = doc.documentElement.outerHTML;
  const selected = doc.getSelection()?.toString();
  captureSelection(doc);
  captureCode(doc);
  select(doc, byId(doc, 'go-block'), 'fmt');
  captureCode(doc);
  doc.getSelection()?.removeAllRanges();
  doc.getSelection()?.addRange(range);
  for (const url of ['https://github.com/lanternfish/sdk', 'https://docs.lanternfish.test/blog/launch'])
    captureLink(doc, url);
  for (const url of [
    'https://docs.lanternfish.test/img/map@2x.avif',
    'https://docs.lanternfish.test/img/architecture.png',
  ])
    captureImage(doc, url);
  runCapture(doc, { kind: 'media' }, DOCS_URL);
  expect(doc.documentElement.outerHTML).toBe(before);
  expect(doc.getSelection()?.toString()).toBe(selected);
});
