import type { GemTagSuggestions } from '@/lib/api/suggestions-contract';
import { keyOf } from './accepted';

interface Props {
  found: GemTagSuggestions;
  rejected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

/** Per gem, its suggested tags as checkboxes (ticked: accepted), each marked as one of the user's tags or new. */
export function SuggestionList({ found, rejected, onToggle }: Props) {
  if (!found.length) return null;
  return (
    <ul className="suggest-tags-list" aria-label="Suggested tags per gem">
      {found.map((gem) => (
        <li key={gem.gemId}>
          <fieldset>
            <legend>{gem.title}</legend>
            {gem.error ? (
              <p className="hint">{gem.error}</p>
            ) : gem.tags.length === 0 ? (
              <p className="hint">No new tags to suggest.</p>
            ) : (
              gem.tags.map((tag) => {
                const key = keyOf(gem.gemId, tag.name);
                return (
                  <label key={key} className="suggest-tags-choice">
                    <input
                      type="checkbox"
                      aria-label={`${tag.name} (${tag.existing ? 'your tag' : 'new'})`}
                      checked={!rejected.has(key)}
                      onChange={() => onToggle(key)}
                    />
                    {tag.name}
                    <span className={`badge ${tag.existing ? '' : 'badge-new'}`} aria-hidden="true">
                      {tag.existing ? 'your tag' : 'new'}
                    </span>
                  </label>
                );
              })
            )}
          </fieldset>
        </li>
      ))}
    </ul>
  );
}
