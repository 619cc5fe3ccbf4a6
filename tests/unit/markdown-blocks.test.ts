import { Lexer } from 'marked';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fenceClosed, type MarkdownSplit, splitMarkdown } from '../../components/chat/markdown/blocks';

const DOCUMENTS = {
  mixed: `# Title

Some *emphasis* and a [link](https://example.com "title")
continued on a second line.

- one
- two

- three after a blank line (same, loose list)
  1. nested
  2. items

\`\`\`ts
const x = 1;

// a blank line above, inside the fence
\`\`\`

| a | b |
|---|:-:|
| 1 | 2 |
| 3 | 4 |

> a quote
lazy continuation
> > nested quote

Setext heading
--------------

***

    indented code

    after a blank line

[ref]: https://example.com/ref
Text with [ref] and a footnote[^1].

[^1]: The note.

<div>
raw html block
</div>

~~~~python
print("~~~ is not a closing fence for four tildes")
~~~
~~~~
Done.
`,
  listWithCode: `1. Install:
   \`\`\`bash
   npm install thing
   \`\`\`
2. Run it:

   \`\`\`bash
   npx thing
   \`\`\`

3. Check the table:

   | x | y |
   |---|---|
   | 1 | 2 |
`,
  tableGrowing: `Intro paragraph
| col | col |
|-----|-----|
| a | b |
text after the table
`,
  unclosedFence: `Before.

\`\`\`js
function f() {

# not a heading
- not a list
`,
  crlf: 'Line one\r\nline two\r\n\r\n- a\r\n- b\r\n\r\n```\r\ncode\r\n```\r\n',
  emptyAndSpaces: '\n\n   \n\nText\n\n\n\n',
};

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Prefixes of `text` growing by 1–37 characters. */
function* chunks(text: string, seed: number) {
  const next = random(seed);
  let at = 0;
  while (at < text.length) {
    at = Math.min(text.length, at + 1 + Math.floor(next() * 37));
    yield text.slice(0, at);
  }
}

/** Lines whose meaning depends on their neighbours: list items, fences, setext underlines, tables, quotes, html. */
const LINES = [
  '',
  '',
  'Plain text',
  '2. numbered',
  '1) other numbered',
  '- item',
  '* star item',
  '  - nested item',
  '   continued in the item',
  '    indented code',
  '```js',
  '```',
  '~~~',
  '# Heading',
  '===',
  '---',
  '| a | b |',
  '|---|---|',
  '> quote',
  '> ```',
  '<div>',
  '</div>',
  '<!-- comment -->',
  '[ref]: https://example.com',
  '[^1]: a note',
  '- [ ] task',
  '\tcode after a tab',
];

/** A document of `count` lines drawn from LINES. */
function generated(seed: number, count = 24) {
  const next = random(seed);
  return Array.from({ length: count }, () => LINES[Math.floor(next() * LINES.length)]).join('\n');
}

const view = (split: MarkdownSplit) => split.blocks.map((b) => [b.type, b.raw, b.start]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('splitMarkdown', () => {
  it.each(Object.entries(DOCUMENTS))(
    '%s: the blocks put back together are the text (line endings made LF)',
    (_, text) => {
      const split = splitMarkdown(text);
      expect(split.blocks.map((b) => b.raw).join('')).toBe(text.replace(/\r\n?/g, '\n'));
      for (const block of split.blocks)
        expect(split.source.slice(block.start, block.start + block.raw.length)).toBe(block.raw);
    },
  );

  it.each(Object.entries(DOCUMENTS))(
    '%s: streamed a character at a time, gives the blocks of a full split at every step',
    (_, text) => {
      let split: MarkdownSplit | undefined;
      for (let n = 1; n <= text.length; n++) {
        split = splitMarkdown(text.slice(0, n), split);
        expect(view(split), `after ${n} characters`).toEqual(view(splitMarkdown(text.slice(0, n))));
      }
    },
  );

  it.each([1, 7, 42])('streamed in uneven chunks (seed %i), gives the blocks of a full split at every step', (seed) => {
    const text = Object.values(DOCUMENTS).join('\n\n');
    let split: MarkdownSplit | undefined;
    for (const prefix of chunks(text, seed)) {
      split = splitMarkdown(prefix, split);
      expect(view(split), `after ${prefix.length} characters`).toEqual(view(splitMarkdown(prefix)));
    }
  });

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'generated document %i, streamed a character at a time, gives the blocks of a full split at every step',
    (seed) => {
      const text = generated(seed);
      let split: MarkdownSplit | undefined;
      for (let n = 1; n <= text.length; n++) {
        split = splitMarkdown(text.slice(0, n), split);
        expect(view(split), `${JSON.stringify(text)} after ${n} characters`).toEqual(
          view(splitMarkdown(text.slice(0, n))),
        );
      }
    },
  );

  it('keeps the finished blocks and lexes only from the second-last non-blank block on', () => {
    const first = splitMarkdown('# Title\n\nIntro.\n\nA paragraph.\n\n- a\n- b\n\n');
    const spy = vi.spyOn(Lexer.prototype, 'blockTokens');
    const next = splitMarkdown('# Title\n\nIntro.\n\nA paragraph.\n\n- a\n- b\n\n- c', first);
    expect(spy.mock.calls[0]?.[0]).toBe('A paragraph.\n\n- a\n- b\n\n- c');
    expect(next.blocks.slice(0, 4)).toEqual(first.blocks.slice(0, 4));
    for (let i = 0; i < 4; i++) expect(next.blocks[i]).toBe(first.blocks[i]);
    expect(next.blocks.map((b) => b.type)).toEqual([
      'heading',
      'space',
      'paragraph',
      'space',
      'paragraph',
      'space',
      'list',
    ]);
    expect(next.blocks[6]?.raw).toBe('- a\n- b\n\n- c');
  });

  it('returns the same split for the same text, and splits afresh a text that does not extend the last one', () => {
    const first = splitMarkdown('Hello\n\nworld');
    expect(splitMarkdown('Hello\n\nworld', first)).toBe(first);
    const edited = splitMarkdown('Goodbye\n\n- world', first);
    expect(view(edited)).toEqual(view(splitMarkdown('Goodbye\n\n- world')));
  });

  it('keeps a code fence that is not closed yet as one block to the end, then splits after it once closed', () => {
    const open = splitMarkdown(DOCUMENTS.unclosedFence);
    expect(open.blocks.map((b) => b.type)).toEqual(['paragraph', 'space', 'code']);
    expect(open.blocks[2]?.raw).toBe('```js\nfunction f() {\n\n# not a heading\n- not a list\n');

    const closed = splitMarkdown(`${DOCUMENTS.unclosedFence}}\n\`\`\`\n\n# A heading`, open);
    expect(closed.blocks.map((b) => b.type)).toEqual(['paragraph', 'space', 'code', 'space', 'heading']);
    expect(closed.blocks[2]?.raw).toBe('```js\nfunction f() {\n\n# not a heading\n- not a list\n}\n```');
  });

  it('a table is one block, and its header line turns from a paragraph into the table as it arrives', () => {
    const header = splitMarkdown('| a | b |\n');
    expect(header.blocks.map((b) => b.type)).toEqual(['paragraph']);
    const table = splitMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n', header);
    expect(table.blocks.map((b) => b.type)).toEqual(['table']);
  });
});

describe('fenceClosed', () => {
  it.each([
    ['```js\ncode\n```', true],
    ['```js\ncode\n```  \n', true],
    ['```\n```', true],
    ['~~~~\ncode\n~~~~~', true],
    ['```js\ncode\n````', true],
    ['> ```js\n> code\n> ```', true],
    ['```js\n   code\n   ```', true],
    ['    indented code', true],
    ['```js', false],
    ['```js\n', false],
    ['```js\ncode', false],
    ['```js\ncode\n``', false],
    ['````\ncode\n```', false],
    ['~~~\ncode\n```', false],
    ['```js\ncode\n```js', false],
    ['> ```js\n> code', false],
  ])('%j → %s', (source, closed) => {
    expect(fenceClosed(source)).toBe(closed);
  });
});
