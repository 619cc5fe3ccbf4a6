import { useId } from 'react';
import { ModelRow, type OptionProps } from './ModelRow';
import type { ModelGroup } from './model-groups';

interface ModelListboxProps {
  id: string;
  label: string;
  groups: ModelGroup[];
  multi: boolean;
  selectedIds: readonly number[];
  pendingId: number | null;
  /** The roving-focus props of the option at a flat index (counted across groups). */
  optionProps: (index: number) => OptionProps;
  describedBy?: string;
}

/** The models as one listbox, a labelled group per provider. */
export function ModelListbox({
  id,
  label,
  groups,
  multi,
  selectedIds,
  pendingId,
  optionProps,
  describedBy,
}: ModelListboxProps) {
  const headingId = useId();
  let index = 0;
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      aria-multiselectable={multi || undefined}
      aria-busy={pendingId !== null || undefined}
      aria-describedby={describedBy}
      className="picker-list"
    >
      {groups.map((group, groupIndex) => (
        // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options inside a listbox, not a fieldset of form controls
        <div
          key={group.house ? '\u0000house' : group.provider}
          role="group"
          aria-labelledby={`${headingId}-${groupIndex}`}
          className="picker-group"
        >
          <div role="presentation" id={`${headingId}-${groupIndex}`} className="picker-group-heading">
            {group.provider}
          </div>
          {group.models.map((model) => (
            <ModelRow
              key={model.id}
              model={model}
              selected={selectedIds.includes(model.id)}
              pending={pendingId === model.id}
              optionProps={optionProps(index++)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
