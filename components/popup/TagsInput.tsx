import { type KeyboardEvent, useId, useState } from 'react';

interface Props {
  value: string[];
  onChange: (tags: string[]) => void;
  /** Names of the user's existing tags, offered as suggestions. */
  suggestions: string[];
  inputId?: string;
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Tag chips. Enter or comma adds what was typed; Backspace in an empty box removes the last tag. */
export function TagsInput({ value, onChange, suggestions, inputId = 'gem-tags' }: Props) {
  const [draft, setDraft] = useState('');
  const listId = useId();

  const add = (raw: string) => {
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const next = [...value];
    for (const name of names) {
      const known = suggestions.find((s) => sameTag(s, name)) ?? name;
      if (!next.some((t) => sameTag(t, known))) next.push(known);
    }
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const query = draft.trim().toLowerCase();
  const matches = query
    ? suggestions.filter((s) => s.toLowerCase().includes(query) && !value.some((t) => sameTag(t, s))).slice(0, 6)
    : [];

  return (
    <div className="tags-input">
      <ul className="chips" aria-label="Tags">
        {value.map((tag) => (
          <li key={tag} className="chip">
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(value.filter((t) => t !== tag))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        value={draft}
        placeholder={value.length ? 'Add another tag' : 'Add tags (Enter or comma)'}
        aria-autocomplete="list"
        aria-controls={matches.length > 0 ? listId : undefined}
        onChange={(e) => {
          const text = e.target.value;
          // Pasted text with commas becomes several tags at once.
          if (text.includes(',')) add(text);
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add(draft)}
      />
      {matches.length > 0 && (
        <ul id={listId} className="suggestions" aria-label="Tag suggestions">
          {matches.map((s) => (
            <li key={s}>
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => add(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
