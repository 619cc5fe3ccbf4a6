import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../server/features/chat-files/html-depth';

const divs = (depth: number) => `${'<div class="a">'.repeat(depth)}x${'</div>'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts nested elements up to the limit', () => {
    expect(nestsDeeperThan(divs(3), 3)).toBe(false);
    expect(nestsDeeperThan(divs(4), 3)).toBe(true);
  });

  it('counts siblings once: closed elements give their level back', () => {
    expect(nestsDeeperThan('<div></div>'.repeat(100), 1)).toBe(false);
  });

  it('does not count empty elements, self-closed ones, or those whose end tag may be left out', () => {
    const html = `<html><head><meta charset="utf-8"><link rel="x"></head><body>${'<p>text<br><img src="a.png"/><li>item'.repeat(50)}<svg><path d="M0"/></svg></body></html>`;
    expect(nestsDeeperThan(html, 2)).toBe(false);
  });

  it('reads tag names in any case', () => {
    expect(nestsDeeperThan('<DIV><Section><span>', 2)).toBe(true);
  });

  it('reads text full of unclosed "<" without getting slower than one pass (no tag runs past the next "<")', () => {
    expect(nestsDeeperThan(`${'<a'.repeat(200_000)}`, 5)).toBe(false);
  });
});
