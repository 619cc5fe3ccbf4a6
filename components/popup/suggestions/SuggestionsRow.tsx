import type { Collection } from '@/lib/api/contract';
import { SuggestionChips } from './SuggestionChips';
import type { PageSuggestions } from './use-page-suggestions';
import { useScrollEdges } from './use-scroll-edges';

interface Props {
  suggestions: PageSuggestions;
  onCreateCollection: (name: string) => Promise<Pick<Collection, 'id'>>;
  /** The gem takes no tags (they are the owner of a shared collection's): no tag is offered. */
  tagsOff?: boolean;
}

const NOTHING = {
  none: 'Nothing to suggest for this page.',
  failed: 'No suggestions this time: the model did not answer.',
} as const;

/**
 * The suggested collection and tags, in one row under the tags: "Suggesting…" from the moment the setting says they
 * will come, then the chips (or why there are none) in the same place, one line that scrolls sideways when long (an
 * edge fades where more lies beyond it), so that the fields and the Save button below never move under the user's
 * pointer as they arrive. The row goes once the user has taken or dismissed every chip.
 */
export function SuggestionsRow({ suggestions, onCreateCollection, tagsOff = false }: Props) {
  const { loading, nothing, collection } = suggestions;
  const tags = tagsOff ? [] : suggestions.tags;
  const edges = useScrollEdges<HTMLDivElement>();
  if (!loading && !nothing && !collection && !tags.length) return null;
  return (
    <div className="suggested" ref={edges}>
      <span className="suggested-label" aria-hidden="true">
        Suggested
      </span>
      {loading ? (
        <span className="hint" role="status">
          Suggesting…
        </span>
      ) : nothing ? (
        <span className="hint">{NOTHING[nothing]}</span>
      ) : (
        <>
          <SuggestionChips
            kind="collection"
            items={collection ? [collection] : []}
            onAccept={() => void suggestions.acceptCollection(onCreateCollection).catch(() => undefined)}
            onDismiss={suggestions.dismissCollection}
          />
          <SuggestionChips
            kind="tag"
            items={tags}
            onAccept={(i) => tags[i] && suggestions.acceptTag(tags[i])}
            onDismiss={(i) => tags[i] && suggestions.dismissTag(tags[i])}
          />
        </>
      )}
    </div>
  );
}
