import { fireEvent, render, screen } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '@/components/chat/markdown/Markdown';

// Each call of react-markdown's component is one block rendered (parsed and turned into elements).
vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  return { ...actual, default: vi.fn(actual.default) };
});
const markdownRenders = vi.mocked(ReactMarkdown);
/** The markdown of each block rendered since the last call. */
function renderedSinceLastTime() {
  const sources = markdownRenders.mock.calls.map(([props]) => props.children);
  markdownRenders.mockClear();
  return sources;
}

const ANSWER = `# Comparing the options

The first option is **fast** but ~~cheap~~ costly; see [the notes][notes].

- one point
- another point

| option | speed | cost |
|--------|-------|------|
| A | fast | high |
| B | slow | low |

> A quote to finish
> on two lines.

[notes]: https://example.com/notes

Last words, with a link to https://example.com and \`inline code\`.
`;

beforeEach(() => {
  markdownRenders.mockClear();
});

describe('Markdown while streaming', () => {
  it('renders again only the block that changed', () => {
    const start = '# Title\n\nFirst paragraph.\n\nSecond';
    const { rerender } = render(<Markdown text={start} streaming />);
    expect(renderedSinceLastTime()).toEqual(['# Title', 'First paragraph.', 'Second']);

    rerender(<Markdown text={`${start} paragraph grows`} streaming />);
    expect(renderedSinceLastTime()).toEqual(['Second paragraph grows']);

    // A new block: the one before it renders once more, as it is no longer the one being written.
    rerender(<Markdown text={`${start} paragraph grows\n\n- item`} streaming />);
    expect(renderedSinceLastTime()).toEqual(['Second paragraph grows', '- item']);

    rerender(<Markdown text={`${start} paragraph grows\n\n- item\n- item 2`} streaming />);
    expect(renderedSinceLastTime()).toEqual(['- item\n- item 2']);

    rerender(<Markdown text={`${start} paragraph grows\n\n- item\n- item 2`} streaming={false} />);
    expect(renderedSinceLastTime()).toEqual(['- item\n- item 2']);
  });

  it('renders each block about once per update that touched it, not every block per update', () => {
    const { rerender } = render(<Markdown text="" streaming />);
    let updates = 0;
    for (let at = 3; at < ANSWER.length + 3; at += 3) {
      rerender(<Markdown text={ANSWER.slice(0, at)} streaming />);
      updates++;
    }
    rerender(<Markdown text={ANSWER} streaming={false} />);
    updates++;
    const sources = renderedSinceLastTime();
    const blocks = 8;
    // One render per update, plus at most one more per block as the next block starts (and for the
    // reference definition joining the block that uses it); every block on every update would be ~8×.
    expect(sources.length).toBeGreaterThanOrEqual(updates);
    expect(sources.length).toBeLessThanOrEqual(updates + 2 * blocks);
  });

  it('ends with the same output as the whole answer rendered at once', () => {
    const whole = render(<Markdown text={ANSWER} streaming={false} />).container.innerHTML;
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let at = 1; at <= ANSWER.length; at += 7) rerender(<Markdown text={ANSWER.slice(0, at)} streaming />);
    rerender(<Markdown text={ANSWER} streaming={false} />);
    expect(container.innerHTML).toBe(whole);
    expect(container.querySelector('a[href="https://example.com/notes"]')?.textContent).toBe('the notes');
  });

  it('starts afresh when the text is replaced rather than extended', () => {
    const { container, rerender } = render(<Markdown text={'# One\n\nalpha'} streaming={false} />);
    rerender(<Markdown text={'## Two\n\n- beta'} streaming={false} />);
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('Two');
    expect(container.querySelector('li')?.textContent).toBe('beta');
  });

  it('renders no block again when given another way to open links, and its links use the new one', () => {
    const first: string[] = [];
    const second: string[] = [];
    const { rerender } = render(<Markdown text={ANSWER} streaming={false} onOpenUrl={(url) => first.push(url)} />);
    renderedSinceLastTime();
    rerender(<Markdown text={ANSWER} streaming={false} onOpenUrl={(url) => second.push(url)} />);
    expect(renderedSinceLastTime()).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'the notes' }));
    expect([first, second]).toEqual([[], ['https://example.com/notes']]);
  });
});
