interface Props {
  id: string;
  kind: 'tag' | 'collection';
  names: string[];
  active: number | null;
  onChoose: (name: string) => void;
}

export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

/** The names offered for the value being typed; the input keeps focus (aria-activedescendant names the highlight). */
export function SearchSuggestions({ id, kind, names, active, onChoose }: Props) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={kind === 'tag' ? 'Tags' : 'Collections'}
      className="ui-listbox search-suggestions"
    >
      {names.map((name, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus; aria-activedescendant names the highlighted option
        <div
          key={name}
          id={suggestionId(id, index)}
          role="option"
          aria-selected={index === active}
          data-active={index === active || undefined}
          className="ui-option"
          // on press, not click: focus must stay in the input
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(name);
          }}
        >
          <span className="ui-option-label">{kind === 'tag' ? `#${name}` : name}</span>
        </div>
      ))}
    </div>
  );
}
