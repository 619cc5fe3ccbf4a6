import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../lib/chat/plain-text';

describe('markdownToPlainText (history excerpts)', () => {
  it('reads markdown as its words: no marks, headings, link targets, list bullets or raw HTML', () => {
    expect(
      markdownToPlainText(
        '## The vote\n\nThe council **approved** the [seawall](https://example.test/a) 5-2 with `$48M`.\n\n- first\n- second <b>x</b>\n\n> quoted',
      ),
    ).toBe('The vote The council approved the seawall 5-2 with $48M. first second x quoted');
  });

  it('keeps code and table cells as text, and a cut-off mark as written', () => {
    expect(markdownToPlainText('```js\nlet a = 1;\n```\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nStill **open')).toBe(
      'let a = 1; A B 1 2 Still **open',
    );
  });
});
