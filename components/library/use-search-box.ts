import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { SearchQuery, SearchSyntaxError } from '@/lib/search/ast';
import { printSearch } from '@/lib/search/print';
import { type BoxContent, boxFromText, closeOpenQuote, commitDraft, emptyBox, parseBox } from './search-box-state';

/** How long typing must pause before the query is run. */
export const searchDebounceMs = 300;

interface Options {
  /** The query the page shows; when it changes from outside (a saved search, a sidebar click) the box follows. */
  value: string;
  /** Called with the canonical text and the tree, `searchDebounceMs` after typing stops, at once on Enter. */
  onQuery: (text: string, query: SearchQuery) => void;
}

/**
 * The search box's behaviour: typed terms become chips when a space or Enter finishes them, the query runs after a
 * pause (or at once on Enter or a chip's removal), a syntax error shows once typing pauses (a quote left open at the
 * end only on Enter, which closes it) and goes as soon as the text parses, Backspace at the start of the box removes
 * the last chip, Escape empties the box.
 */
export function useSearchBox({ value, onQuery }: Options) {
  const [box, setBox] = useState<BoxContent>(() => boxFromText(value));
  const [error, setError] = useState<SearchSyntaxError | null>(null);
  const [followed, setFollowed] = useState(value);
  const sent = useRef<string | null>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnQuery = useRef(onQuery);
  latestOnQuery.current = onQuery;

  // The page's value changed, and not because it echoes what the box sent.
  if (value !== followed) {
    setFollowed(value);
    if (value !== sent.current) {
      sent.current = value;
      setBox(boxFromText(value));
      setError(null);
    }
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (next: BoxContent, always: boolean) => {
    const parsed = parseBox(next);
    if (!parsed.ok) {
      // a quoted value still being typed (its names offered below) is not an error yet; Enter closes it
      setError(!always && closeOpenQuote(next) !== next ? null : parsed.error);
      return;
    }
    setError(null);
    const text = printSearch(parsed.query);
    if (text === sent.current && !always) return;
    sent.current = text;
    latestOnQuery.current(text, parsed.query);
  };

  /** Shows `next` and runs it now or after the pause. */
  const update = (next: BoxContent, when: 'now' | 'later') => {
    clearTimeout(timer.current);
    setBox(next);
    if (when === 'now') run(next, true);
    else {
      if (parseBox(next).ok) setError(null);
      timer.current = setTimeout(() => run(next, false), searchDebounceMs);
    }
  };

  /** New typed text; `caretAtEnd` says whether a space just typed at its end finishes a term. */
  const changeDraft = (draft: string, caretAtEnd: boolean) => {
    const typedSpace = caretAtEnd && draft.length > box.draft.length && /\s$/.test(draft);
    let next: BoxContent = { ...box, draft };
    if (typedSpace) {
      const committed = commitDraft(next);
      // the words left keep a space after them, to go on typing
      if (committed !== next) next = { ...committed, draft: committed.draft === '' ? '' : `${committed.draft} ` };
    }
    update(next, 'later');
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    changeDraft(event.target.value, event.target.selectionStart === event.target.value.length);

  const removeChip = (index: number) => update({ ...box, chips: box.chips.filter((_, at) => at !== index) }, 'now');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === 'Enter') {
      event.preventDefault();
      update(commitDraft(closeOpenQuote(box)), 'now');
    } else if (event.key === 'Escape' && (box.draft !== '' || box.chips.length > 0)) {
      event.preventDefault();
      event.stopPropagation();
      update(emptyBox, 'now');
    } else if (
      event.key === 'Backspace' &&
      input.selectionStart === 0 &&
      input.selectionEnd === 0 &&
      box.chips.length > 0
    ) {
      event.preventDefault();
      removeChip(box.chips.length - 1);
    }
  };

  return { box, error, onChange, onKeyDown, removeChip, changeDraft };
}
