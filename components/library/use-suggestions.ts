import { type KeyboardEvent, useState } from 'react';
import { completeValue, matchingNames, valueBeingTyped } from '@/lib/search/suggest';

interface Options {
  draft: string;
  tagNames: readonly string[];
  collectionPaths: readonly string[];
  /** Called with the typed text once a name is chosen (the name written in, and a space after it). */
  onChoose: (draft: string) => void;
}

/**
 * Names offered for the `tag:`/`#`/`collection:` value at the end of the typed text: ↓/↑ highlight one, Enter or
 * Tab writes it in, Escape closes the list until the text changes.
 */
export function useSuggestions({ draft, tagNames, collectionPaths, onChoose }: Options) {
  const [highlight, setHighlight] = useState<{ draft: string; index: number } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typed = valueBeingTyped(draft);
  const names = typed ? matchingNames(typed.key === 'tag' ? tagNames : collectionPaths, typed.prefix) : [];
  const open = typed !== null && names.length > 0 && dismissed !== draft;
  const active = open && highlight?.draft === draft ? highlight.index : null;

  const choose = (name: string) => {
    if (typed) onChoose(completeValue(draft, typed, name));
  };

  /** Handles the key when the list is open; true when it did. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (!open) return false;
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move !== 0) {
      const from = active ?? (move === 1 ? -1 : 0);
      setHighlight({ draft, index: (from + move + names.length) % names.length });
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active !== null) {
      choose(names[active] ?? '');
    } else if (event.key === 'Escape') {
      setDismissed(draft);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  return { open, names, active, kind: typed?.key ?? 'tag', choose, onKeyDown };
}
