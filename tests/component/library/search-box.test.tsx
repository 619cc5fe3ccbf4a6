import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '@/components/library/SearchBox';
import type { SearchQuery } from '@/lib/search/ast';

type OnQuery = (text: string, query: SearchQuery) => void;

const tagNames = ['recipes', 'recipes/desserts', 'weekday dinners', 'travel'];
const collectionPaths = ['Recipes', 'Recipes/Desserts', 'Work'];

function renderBox(value = '') {
  const onQuery = vi.fn<OnQuery>();
  const ref = createRef<HTMLInputElement>();
  const result = render(
    <SearchBox value={value} onQuery={onQuery} ref={ref} tagNames={tagNames} collectionPaths={collectionPaths} />,
  );
  return {
    ...result,
    onQuery,
    ref,
    input: screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search your library' }),
  };
}

/**
 * Types `text` at the end of the input one character at a time, as change events. (Not userEvent: with the clock
 * faked, its wait for the DOM to settle never ends.)
 */
function type(input: HTMLInputElement, text: string) {
  for (const char of text) fireEvent.change(input, { target: { value: input.value + char } });
}

const press = (input: HTMLInputElement, key: string) => fireEvent.keyDown(input, { key });

const chipLabels = () =>
  screen.queryByRole('list', { name: 'Search terms' }) === null
    ? []
    : within(screen.getByRole('list', { name: 'Search terms' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.search-chip-label')?.textContent);

const texts = (onQuery: ReturnType<typeof vi.fn<OnQuery>>) => onQuery.mock.calls.map(([text]) => text);

describe('SearchBox', () => {
  beforeEach(() => {
    // the debounce's clock moves only when a test moves it
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns typed terms into chips and runs the query once typing has paused for 300 ms', () => {
    const { input, onQuery } = renderBox();
    type(input, 'tag:recipes -type:pdf cake ');
    expect(chipLabels()).toStrictEqual(['#recipes', 'not PDFs']);
    expect(input).toHaveProperty('value', 'cake ');
    expect(onQuery).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(299));
    expect(onQuery).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onQuery.mock.calls).toStrictEqual([
      [
        '#recipes -type:pdf cake',
        {
          root: {
            kind: 'and',
            children: [
              { kind: 'tag', path: 'recipes' },
              { kind: 'not', child: { kind: 'type', value: 'pdf' } },
              { kind: 'word', text: 'cake' },
            ],
          },
        },
      ],
    ]);
  });

  it('runs at once on Enter', () => {
    const { input, onQuery } = renderBox();
    type(input, 'cake');
    press(input, 'Enter');
    expect(onQuery.mock.calls).toStrictEqual([['cake', { root: { kind: 'word', text: 'cake' } }]]);
  });

  it('shows the chips of the value it is given, and follows it when it changes', () => {
    const { rerender, onQuery, input } = renderBox('cake #recipes sort:title');
    expect(chipLabels()).toStrictEqual(['#recipes', 'sorted by title ↑']);
    expect(input).toHaveProperty('value', 'cake');
    rerender(<SearchBox value="is:fav" onQuery={onQuery} />);
    expect(chipLabels()).toStrictEqual(['Favourites']);
    expect(input).toHaveProperty('value', '');
  });

  it('removing a chip rewrites the query at once', () => {
    const { onQuery } = renderBox('cake #recipes -type:pdf sort:title');
    fireEvent.click(screen.getByRole('button', { name: 'Remove not PDFs' }));
    expect(chipLabels()).toStrictEqual(['#recipes', 'sorted by title ↑']);
    expect(texts(onQuery)).toStrictEqual(['#recipes cake sort:title']);
  });

  it('Backspace at the start of the box removes the last chip', () => {
    const { input, onQuery } = renderBox('#recipes is:fav');
    input.setSelectionRange(0, 0);
    press(input, 'Backspace');
    expect(chipLabels()).toStrictEqual(['#recipes']);
    expect(texts(onQuery)).toStrictEqual(['#recipes']);
  });

  it('shows a syntax error with its position once typing pauses, and drops it when the text parses', () => {
    const { input, onQuery } = renderBox();
    type(input, 'cake (dark');
    act(() => vi.advanceTimersByTime(300));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe("Expected ')' to close the '(' at 5 (at 10)");
    expect(onQuery).not.toHaveBeenCalled();
    type(input, ')');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(described?.textContent).toBe('');
  });

  it('a quoted value still being typed is no error while typing pauses; Enter closes its quote and runs it', () => {
    const { input, onQuery } = renderBox();
    type(input, 'collection:"Recipes/Des');
    act(() => vi.advanceTimersByTime(300));
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelector('.search-box-error')?.textContent).toBe('');
    expect(onQuery).not.toHaveBeenCalled();
    press(input, 'Enter');
    expect(chipLabels()).toStrictEqual(['in Recipes/Des']);
    expect(texts(onQuery)).toStrictEqual(['collection:Recipes/Des']);
  });

  it('Enter on text that closing a quote does not mend shows its error and runs nothing', () => {
    const { input, onQuery } = renderBox();
    type(input, '(cake "dark');
    press(input, 'Enter');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.search-box-error')?.textContent).toBe(
      `Expected '"' to close the phrase that starts at 6 (at 11)`,
    );
    expect(onQuery).not.toHaveBeenCalled();
  });

  it('Escape empties the box and runs the empty query', () => {
    const { input, onQuery } = renderBox('#recipes cake');
    press(input, 'Escape');
    expect(chipLabels()).toStrictEqual([]);
    expect(input).toHaveProperty('value', '');
    expect(onQuery.mock.calls).toStrictEqual([['', { root: null }]]);
  });

  it('keeps an OR as typed text, and lets a typed sort take the place of the sort chip', () => {
    const { input, onQuery } = renderBox('#recipes sort:title');
    type(input, 'cake OR pie ');
    press(input, 'Enter');
    expect(chipLabels()).toStrictEqual(['#recipes', 'sorted by title ↑']);
    expect(input.value).toBe('cake OR pie ');
    fireEvent.change(input, { target: { value: 'sort:added-asc ' } });
    expect(chipLabels()).toStrictEqual(['#recipes', 'sorted by added ↑']);
    press(input, 'Enter');
    expect(texts(onQuery)).toStrictEqual(['#recipes (cake OR pie) sort:title', '#recipes sort:added-asc']);
  });

  it('lets the page focus the input through its ref', () => {
    const { ref, input } = renderBox();
    act(() => ref.current?.focus());
    expect(document.activeElement).toBe(input);
  });

  describe('offers names for the value being typed', () => {
    const options = (name: string) =>
      within(screen.getByRole('listbox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);

    it('lists the tags that fit, and ↓ Enter writes the chosen one in as a chip', () => {
      const { input } = renderBox('cake');
      type(input, ' #rec');
      expect(options('Tags')).toStrictEqual(['#recipes', '#recipes/desserts']);
      expect(input.getAttribute('aria-activedescendant')).toBeNull();
      press(input, 'ArrowDown');
      press(input, 'ArrowDown');
      const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
      expect(active?.textContent).toBe('#recipes/desserts');
      press(input, 'Enter');
      expect(chipLabels()).toStrictEqual(['#recipes/desserts']);
      expect(input.value).toBe('cake ');
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('quotes a chosen name with spaces, and takes a pointer press', () => {
      const { input } = renderBox();
      type(input, '-tag:week');
      fireEvent.mouseDown(screen.getByRole('option', { name: '#weekday dinners' }));
      expect(chipLabels()).toStrictEqual(['not #weekday dinners']);
    });

    it('lists collections after collection:, and Escape closes the list but keeps the text', () => {
      const { input, onQuery } = renderBox();
      type(input, 'collection:"rec');
      expect(options('Collections')).toStrictEqual(['Recipes', 'Recipes/Desserts']);
      press(input, 'Escape');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(input.value).toBe('collection:"rec');
      expect(onQuery).not.toHaveBeenCalled();
    });
  });
});
