import { describe, expect, it } from 'vitest';
import { promptQueue, promptVariables } from '../../lib/api/prompt-variables';
import { type DocNode, docToText, textToDoc } from '../../lib/chat/prompt-doc';

const p = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const t = (text: string, ...marks: string[]): DocNode => ({
  type: 'text',
  text,
  marks: marks.map((type) => ({ type })),
});

describe('prompt editor document ↔ text', () => {
  it('writes headings, marks, links and lists as markdown-like text, one block a line', () => {
    const doc: DocNode = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [t('Brief')] },
        { type: 'heading', attrs: { level: 2 }, content: [t('For {{Audience}}')] },
        p(t('Be '), t('short', 'bold'), t(' and '), t('kind', 'italic'), t(' and '), t('clear', 'underline')),
        p({ type: 'text', text: 'docs', marks: [{ type: 'link', attrs: { href: 'https://example.com/x' } }] }),
        p({ type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }),
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p(t('one'))] },
            {
              type: 'listItem',
              content: [p(t('two')), { type: 'orderedList', content: [{ type: 'listItem', content: [p(t('deep'))] }] }],
            },
          ],
        },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(t('third'))] }] },
        p(t('a'), { type: 'hardBreak' }, t('b')),
      ],
    };
    expect(docToText(doc)).toBe(
      [
        '# Brief',
        '## For {{Audience}}',
        'Be **short** and *kind* and clear',
        '[docs](https://example.com/x)',
        'bad',
        '- one',
        '- two',
        '  1. deep',
        '3. third',
        'a\nb',
      ].join('\n'),
    );
  });

  it('keeps a queue: a horizontal rule is a line of three dashes', () => {
    const doc: DocNode = { type: 'doc', content: [p(t('First {{Name}}')), { type: 'horizontalRule' }, p(t('Second'))] };
    const text = docToText(doc);
    expect(promptQueue(text)).toEqual(['First {{Name}}', 'Second']);
    expect(promptVariables(text).map((v) => v.name)).toEqual(['Name']);
  });

  it('reads plain text back line by line, and the round trip changes nothing', () => {
    const text = 'Line one\n\n- not parsed\n---\n**kept as typed**\r\nlast';
    const doc = textToDoc(text);
    expect(doc.content?.map((n) => n.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'horizontalRule',
      'paragraph',
      'paragraph',
    ]);
    expect(doc.content?.[1]).toEqual({ type: 'paragraph' });
    expect(docToText(doc)).toBe(text.replace('\r\n', '\n'));
    expect(docToText(textToDoc(docToText(doc)))).toBe(docToText(doc));
  });
});
