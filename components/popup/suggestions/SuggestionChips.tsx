import type { SuggestedTag } from '@/lib/api/suggestions-contract';

interface Props {
  /** What the chips suggest: "tag" or "collection" (in their labels). */
  kind: 'tag' | 'collection';
  items: Pick<SuggestedTag, 'name' | 'existing'>[];
  onAccept: (index: number) => void;
  onDismiss: (index: number) => void;
  /** Shown while suggestions are asked for (the chips' place, so nothing moves when they arrive). */
  loading?: boolean;
}

/**
 * Suggested chips, marked "Suggested" until accepted: a click or Enter on the name accepts it, × dismisses it. A name
 * the user does not have yet says "new".
 */
export function SuggestionChips({ kind, items, onAccept, onDismiss, loading = false }: Props) {
  if (!items.length && !loading) return null;
  const label = kind === 'tag' ? 'Suggested tags' : 'Suggested collection';
  return (
    <fieldset className="suggested" aria-label={label}>
      <span className="suggested-label" aria-hidden="true">
        Suggested
      </span>
      {loading ? (
        <span className="hint" role="status">
          Suggesting…
        </span>
      ) : (
        <ul className="chips">
          {items.map((item, index) => (
            <li key={item.name} className="chip chip-suggested">
              <button
                type="button"
                className="chip-accept"
                aria-label={`Add suggested ${kind} ${item.name}${item.existing ? '' : ' (new)'}`}
                onClick={() => onAccept(index)}
              >
                {item.name}
                {!item.existing && <span className="chip-new">new</span>}
              </button>
              <button
                type="button"
                aria-label={`Dismiss suggested ${kind} ${item.name}`}
                onClick={() => onDismiss(index)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
