import { useRef } from 'react';
import type { Tag } from '@/lib/api/contract';
import { PopupCombobox } from './PopupCombobox';

interface Props {
  value: string[];
  onChange: (tags: string[]) => void;
  /** The user's existing tags, offered as suggestions (↓ then Enter picks one). */
  suggestions: Tag[];
  error?: string;
  /** The input's id (the list's and the error's are made from it). */
  id?: string;
  label?: string;
  /** A line under the chips, e.g. while a new tag is being created. */
  hint?: string;
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Tag chips and a combobox: typing filters the user's tags, ↓/Enter or a click picks one, Enter or a
 * comma adds typed text (an existing tag keeps its own casing), Backspace in the empty box removes the last chip.
 * The popup's form and the Report Bug dialog both use it.
 */
export function TagsField({ value, onChange, suggestions, error, id = 'gem-tags', label = 'Tags', hint }: Props) {
  // Several tags can arrive at once (a pasted list): each adds to the latest list, not the one rendered.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };
  const add = (name: string) => {
    const text = name.trim();
    const known = suggestions.find((s) => sameTag(s.tag, text))?.tag ?? text;
    if (text && !latest.current.some((t) => sameTag(t, known))) set([...latest.current, known]);
  };
  const options = suggestions
    .filter((s) => !value.some((t) => sameTag(t, s.tag)))
    .map((s) => ({ value: s.tag, label: s.tag }));

  return (
    <div className="field tags-field">
      <PopupCombobox
        id={id}
        label={label}
        clearOnSelect
        separator=","
        commitOnBlur
        placeholder={value.length ? 'Add another tag' : 'Add tags (Enter or comma)'}
        options={options}
        onSelect={(o) => add(o.label)}
        onCreate={add}
        createLabel={(text) => `Add tag “${text}”`}
        onBackspaceEmpty={() => value.length && set(value.slice(0, -1))}
        maxListHeight={160}
      />
      <ul className="chips" aria-label="Tags">
        {value.map((tag) => (
          <li key={tag} className="chip">
            {tag}
            <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => set(value.filter((t) => t !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      {hint && <span className="hint">{hint}</span>}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
