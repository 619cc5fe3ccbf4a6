import { useId, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { EmptyState } from '../../ui/EmptyState';
import { useRovingOptions } from '../models/use-roving-options';
import { orderLanguages } from './language-order';
import { ANSWER_LANGUAGES, type AnswerLanguage } from './languages';

export const LANGUAGE_SEARCH_DEBOUNCE_MS = 300;

export interface LanguagePickerProps {
  /** The code of the language answers are written in now; listed first, with a tick. */
  current: string | null;
  onSelect: (code: string) => void;
  /** The languages offered; by default every answer language Trove knows. */
  languages?: readonly AnswerLanguage[];
}

/** The answer-language picker: a searchable list with flags, the current one first. */
export function LanguagePicker({ current, onSelect, languages = ANSWER_LANGUAGES }: LanguagePickerProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, LANGUAGE_SEARCH_DEBOUNCE_MS).trim();
  const shown = useMemo(() => orderLanguages(languages, query, current), [languages, query, current]);
  const roving = useRovingOptions(
    shown.length,
    (index) => {
      const language = shown[index];
      if (language) onSelect(language.code);
    },
    { listKey: query },
  );
  const id = useId();
  const isCurrent = (language: AnswerLanguage) => language.code.toLowerCase() === current?.toLowerCase();

  return (
    <div className="picker language-picker">
      <input
        ref={roving.searchRef}
        type="search"
        className="ui-input picker-search"
        aria-label="Search languages"
        aria-controls={shown.length ? `${id}-list` : undefined}
        placeholder="Search languages"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={roving.onSearchKeyDown}
      />
      {shown.length ? (
        <div id={`${id}-list`} role="listbox" aria-label="Answer language" className="picker-list">
          {shown.map((language, index) => {
            const optionProps = roving.optionProps(index);
            return (
              <div
                key={language.code}
                {...optionProps}
                tabIndex={optionProps.tabIndex}
                role="option"
                aria-selected={isCurrent(language)}
                // Both names, space-separated (names from adjacent inline content run together).
                aria-labelledby={
                  language.nativeName !== language.name ? `${id}-${index} ${id}-${index}-native` : `${id}-${index}`
                }
                className="picker-option language-option"
                data-code={language.code}
              >
                <span className="picker-check" aria-hidden="true">
                  {isCurrent(language) ? '✓' : ''}
                </span>
                <span className="language-flag" aria-hidden="true">
                  {language.flag}
                </span>
                <span className="language-names">
                  <span id={`${id}-${index}`} className="language-name">
                    {language.name}
                  </span>
                  {language.nativeName !== language.name && (
                    <span id={`${id}-${index}-native`} className="language-native" lang={language.code}>
                      {language.nativeName}
                    </span>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      ) : (
        <EmptyState title="No matching languages" headingLevel={3}>
          No language is called “{query}”.
        </EmptyState>
      )}
    </div>
  );
}
