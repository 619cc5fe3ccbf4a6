import { FloatingPortal } from '@floating-ui/react';
import type { ComboboxItem } from './combobox-items';
import type { useComboboxFloating } from './use-combobox-floating';

interface ComboboxListProps {
  id: string;
  label: string;
  items: ComboboxItem[];
  activeIndex: number | null;
  selectedValue?: string | null;
  optionId: (index: number) => string;
  onChoose: (item: ComboboxItem) => void;
  createLabel: (text: string) => string;
  floating: ReturnType<typeof useComboboxFloating>;
}

/** The combobox's open list of options (and the offer to create one), in a portal beside the input. */
export function ComboboxList({
  id,
  label,
  items,
  activeIndex,
  selectedValue,
  optionId,
  onChoose,
  createLabel,
  floating,
}: ComboboxListProps) {
  return (
    <FloatingPortal>
      <div
        ref={floating.refs.setFloating}
        className="ui-listbox"
        style={floating.floatingStyles}
        // Keep focus in the input: a press in the list must not blur it (which would close the list).
        {...floating.getFloatingProps({ onMouseDown: (event) => event.preventDefault() })}
        id={id}
        role="listbox"
        aria-label={label}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus; aria-activedescendant names the highlighted option
          <div
            key={item.kind === 'create' ? '\u0000create' : item.option.value}
            ref={(node) => {
              floating.listRef.current[index] = node;
            }}
            className="ui-option"
            data-active={index === activeIndex || undefined}
            {...floating.getItemProps({ onClick: () => onChoose(item) })}
            id={optionId(index)}
            role="option"
            aria-selected={item.kind === 'option' && item.option.value === selectedValue}
          >
            {item.kind === 'create' ? (
              <span className="ui-option-create">{createLabel(item.text)}</span>
            ) : (
              <>
                <span className="ui-option-label">{item.option.label}</span>
                {item.option.detail != null && <span className="ui-option-detail">{item.option.detail}</span>}
              </>
            )}
          </div>
        ))}
      </div>
    </FloatingPortal>
  );
}
