import './search-box.css';
import { type Ref, useId } from 'react';
import { IconButton } from '@/components/ui/IconButton';
import type { SearchQuery } from '@/lib/search/ast';
import type { SearchChip } from '@/lib/search/chips';
import { SearchSuggestions, suggestionId } from './SearchSuggestions';
import { useSearchBox } from './use-search-box';
import { useSuggestions } from './use-suggestions';

const noNames: readonly string[] = [];

/** A chip's text, numbered when the same text is there more than once (`#a #a`). */
function chipKey(chips: readonly SearchChip[], index: number): string {
  const text = chips[index]?.text ?? '';
  return `${text}\u0000${chips.slice(0, index).filter((chip) => chip.text === text).length}`;
}

export interface SearchBoxProps {
  /**
   * The query text to show. The box follows it when it changes to something it did not send itself (a saved search,
   * a sidebar click), so a page that keeps the query passes back the text onQuery gave it.
   */
  value?: string;
  /** The canonical query text and its tree: 300 ms after typing stops, at once on Enter or a chip's removal. */
  onQuery: (text: string, query: SearchQuery) => void;
  placeholder?: string;
  /** Offered while a `tag:`/`#` value is typed (paths such as `recipes/desserts`). */
  tagNames?: readonly string[];
  /** Offered while a `collection:` value is typed (paths such as `Recipes/Desserts`). */
  collectionPaths?: readonly string[];
  /** The text input, e.g. for the page to focus it on `/`. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The library's search box: one text input for the query language (README, "Library search"), with the terms
 * already entered shown as chips before it. Each chip has a remove button; Backspace at the start of the input
 * removes the last one, Escape empties the box. A syntax error is shown under it, with its position. While a
 * `tag:`/`#`/`collection:` value is typed, the page's names for it are offered below.
 */
export function SearchBox({
  value = '',
  onQuery,
  placeholder = 'Search: words, "phrases", #tag, type:pdf…',
  tagNames = noNames,
  collectionPaths = noNames,
  ref,
}: SearchBoxProps) {
  const { box, error, onChange, onKeyDown, removeChip, changeDraft } = useSearchBox({ value, onQuery });
  const suggestions = useSuggestions({
    draft: box.draft,
    tagNames,
    collectionPaths,
    onChoose: (draft) => changeDraft(draft, true),
  });
  const id = useId();
  const errorId = `${id}-error`;
  const listId = `${id}-suggestions`;
  return (
    <div className="search-box">
      <div className="search-box-field" data-invalid={error ? true : undefined}>
        <svg className="search-box-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14ZM21 21l-5-5" />
        </svg>
        <div className="search-box-terms">
          {box.chips.length > 0 && (
            <ul className="search-chips" aria-label="Search terms">
              {box.chips.map((chip, index) => (
                <li
                  key={chipKey(box.chips, index)}
                  className="search-chip"
                  data-kind={chip.kind}
                  data-negated={chip.negated || undefined}
                >
                  <span className="search-chip-label">{chip.label}</span>
                  <IconButton size="sm" label={`Remove ${chip.label}`} icon="×" onClick={() => removeChip(index)} />
                </li>
              ))}
            </ul>
          )}
          <label htmlFor={id} className="ui-visually-hidden">
            Search your library
          </label>
          <input
            ref={ref}
            id={id}
            type="search"
            className="search-box-input"
            value={box.draft}
            placeholder={box.chips.length > 0 ? undefined : placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-autocomplete="list"
            aria-controls={suggestions.open ? listId : undefined}
            aria-activedescendant={suggestions.active === null ? undefined : suggestionId(listId, suggestions.active)}
            onChange={onChange}
            onKeyDown={(event) => suggestions.onKeyDown(event) || onKeyDown(event)}
          />
        </div>
      </div>
      {suggestions.open && (
        <SearchSuggestions
          id={listId}
          kind={suggestions.kind}
          names={suggestions.names}
          active={suggestions.active}
          onChoose={suggestions.choose}
        />
      )}
      <p id={errorId} className="search-box-error" aria-live="polite">
        {error && `${error.message} (at ${error.position})`}
      </p>
    </div>
  );
}
