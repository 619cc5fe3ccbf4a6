import {
  autoUpdate,
  FloatingNode,
  FloatingPortal,
  flip,
  offset,
  size,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  type ComboboxFilter,
  type ComboboxItem,
  type ComboboxOption,
  comboboxItems,
  sameLabel,
} from './combobox-items';
import { InFloatingTree } from './InFloatingTree';

export type { ComboboxOption } from './combobox-items';

export interface ComboboxProps {
  label: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  /** Offers "Create “…”" for typed text no option has; called with the trimmed text. */
  onCreate?: (text: string) => void;
  createLabel?: (text: string) => string;
  /** The chosen option's value: marked aria-selected, and its label fills the input (unless clearOnSelect). */
  selectedValue?: string | null;
  /** Empties the input after a pick (tag entry) instead of showing the picked label (a picker). */
  clearOnSelect?: boolean;
  placeholder?: string;
  filter?: ComboboxFilter;
  /** The list's tallest height in px; it also shrinks to the room left in the window. */
  maxListHeight?: number;
  id?: string;
  disabled?: boolean;
  /** Tag entry: typing or pasting this character enters each piece of text before it, as Enter would. */
  separator?: string;
  /** Tag entry: text left in the input is entered, as Enter would, when focus leaves it. */
  commitOnBlur?: boolean;
  /** Tag entry: Backspace in the empty input (e.g. removes the last chip). */
  onBackspaceEmpty?: () => void;
}

const defaultCreateLabel = (text: string) => `Create “${text}”`;

/**
 * A text input with a list of options (ARIA combobox): typing filters, ↑/↓ highlight (announced through
 * aria-activedescendant), Enter picks the highlighted row, Escape closes the list (a second Escape clears the
 * text) and focus never leaves the input. The list opens above or below, wherever it fits.
 */
export function Combobox(props: ComboboxProps) {
  return (
    <InFloatingTree>
      <ComboboxInTree {...props} />
    </InFloatingTree>
  );
}

function ComboboxInTree(props: ComboboxProps) {
  const { label, hideLabel, options, onSelect, onCreate, selectedValue, clearOnSelect, maxListHeight = 240 } = props;
  const selectedLabel = clearOnSelect ? '' : (options.find((o) => o.value === selectedValue)?.label ?? '');
  const [text, setText] = useState(selectedLabel);
  const [typed, setTyped] = useState(false);
  // Show a selection made or loaded elsewhere (options often arrive after the first render), unless the user is typing.
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  if (shownLabel !== selectedLabel) {
    setShownLabel(selectedLabel);
    if (!typed) setText(selectedLabel);
  }
  const [wantsOpen, setWantsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  const items = comboboxItems(options, typed ? text : '', !!onCreate, props.filter);
  // The list is open only while it has rows, so aria-controls never points at a list that is not there.
  const open = wantsOpen && items.length > 0 && !props.disabled;
  const setOpen = (next: boolean) => {
    setWantsOpen(next);
    if (!next) setActiveIndex(null);
  };

  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating<HTMLInputElement>({
    nodeId,
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, rects, elements }) => {
          elements.floating.style.width = `${rects.reference.width}px`;
          elements.floating.style.maxHeight = `${Math.max(Math.min(maxListHeight, availableHeight), 80)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useRole(context, { role: 'listbox' }),
    useClick(context, { toggle: false, keyboardHandlers: false }),
    useDismiss(context),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, virtual: true, loop: true }),
  ]);

  /** What Enter does with typed text: the option of that name, else the offer to create it. */
  const itemForText = (raw: string): ComboboxItem | undefined => {
    const exact = options.find((o) => sameLabel(o, raw));
    return exact
      ? { kind: 'option', option: exact }
      : onCreate && raw.trim()
        ? { kind: 'create', text: raw.trim() }
        : undefined;
  };
  const enterText = (raw: string) => {
    const item = itemForText(raw);
    if (item?.kind === 'create') onCreate?.(item.text);
    else if (item) onSelect(item.option);
  };

  const choose = (item: ComboboxItem) => {
    if (item.kind === 'create') onCreate?.(item.text);
    else onSelect(item.option);
    setText(clearOnSelect ? '' : item.kind === 'create' ? item.text : item.option.label);
    setTyped(false);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const highlighted = open && activeIndex != null ? items[activeIndex] : undefined;
      const item = highlighted ?? itemForText(text);
      // Nothing to enter, or the closed picker already shows its choice: Enter goes on to submit the form.
      const alreadyChosen = !open && !typed && item?.kind === 'option' && item.option.value === selectedValue;
      if (!item && text && !text.trim()) {
        // Only spaces typed: cleared, not entered, and not a submit either.
        event.preventDefault();
        setText('');
        setTyped(false);
        return;
      }
      if (!item || alreadyChosen) return;
      event.preventDefault();
      choose(item);
    } else if (event.key === 'Escape' && !open && text) {
      // The list is already closed: this Escape clears the text and goes no further (a dialog stays open).
      event.stopPropagation();
      setText('');
      setTyped(false);
    } else if (event.key === 'Backspace' && text === '') {
      props.onBackspaceEmpty?.();
    }
  };

  const onChange = (value: string) => {
    if (props.separator && value.includes(props.separator)) {
      for (const piece of value.split(props.separator)) enterText(piece);
      setText('');
      setTyped(false);
      setOpen(false);
      return;
    }
    setText(value);
    setTyped(true);
    setWantsOpen(true);
    setActiveIndex(null);
  };

  const onBlur = () => {
    if (typed && props.commitOnBlur) {
      enterText(text);
      setText(clearOnSelect ? '' : text);
      setTyped(false);
    } else if (typed && !clearOnSelect) {
      // Text typed but never picked is not a choice: the picker shows what is chosen again.
      setText(selectedLabel);
      setTyped(false);
    }
    setOpen(false);
  };

  return (
    <FloatingNode id={nodeId}>
      <div className="ui-combobox">
        <label htmlFor={inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-label'}>
          {label}
        </label>
        <input
          ref={refs.setReference}
          className="ui-input"
          type="text"
          autoComplete="off"
          placeholder={props.placeholder}
          disabled={props.disabled}
          value={text}
          {...getReferenceProps({
            onChange: (event) => onChange((event.target as HTMLInputElement).value),
            onKeyDown,
            onBlur,
          })}
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && activeIndex != null && items[activeIndex] ? optionId(activeIndex) : undefined}
        />
      </div>
      {open && (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            className="ui-listbox"
            style={floatingStyles}
            // Keep focus in the input: a press in the list must not blur it (which would close the list).
            {...getFloatingProps({ onMouseDown: (event) => event.preventDefault() })}
            id={listboxId}
            role="listbox"
            aria-label={label}
          >
            {items.map((item, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus; aria-activedescendant names the highlighted option
              <div
                key={item.kind === 'create' ? '\u0000create' : item.option.value}
                ref={(node) => {
                  listRef.current[index] = node;
                }}
                className="ui-option"
                data-active={index === activeIndex || undefined}
                {...getItemProps({ onClick: () => choose(item) })}
                id={optionId(index)}
                role="option"
                aria-selected={item.kind === 'option' && item.option.value === selectedValue}
              >
                {item.kind === 'create' ? (
                  <span className="ui-option-create">{(props.createLabel ?? defaultCreateLabel)(item.text)}</span>
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
      )}
    </FloatingNode>
  );
}
