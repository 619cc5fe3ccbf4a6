import type { SuggestedTag } from '@/lib/api/suggestions-contract';

interface Props {
  /** What the chips suggest: "tag" or "collection" (in their labels). */
  kind: 'tag' | 'collection';
  items: Pick<SuggestedTag, 'name' | 'existing'>[];
  onAccept: (index: number) => void;
  onDismiss: (index: number) => void;
}

/**
 * Suggested chips of one kind (in SuggestionsRow), dashed until accepted: a click or Enter on the name accepts it, ×
 * dismisses it. A name the user does not have yet says "new"; the collection's says "in".
 */
export function SuggestionChips({ kind, items, onAccept, onDismiss }: Props) {
  if (!items.length) return null;
  return (
    <fieldset className="suggested-group" aria-label={kind === 'tag' ? 'Suggested tags' : 'Suggested collection'}>
      <ul className="chips">
        {items.map((item, index) => (
          <li key={item.name} className="chip chip-suggested">
            <button
              type="button"
              className="chip-accept"
              aria-label={`Add suggested ${kind} ${item.name}${item.existing ? '' : ' (new)'}`}
              onClick={() => onAccept(index)}
            >
              {kind === 'collection' && <span className="chip-in">in </span>}
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
    </fieldset>
  );
}
