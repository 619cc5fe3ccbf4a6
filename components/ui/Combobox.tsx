import { FloatingNode } from '@floating-ui/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { ComboboxList } from './ComboboxList';
import {
  type ComboboxFilter,
  type ComboboxItem,
  type ComboboxOption,
  comboboxItems,
  sameLabel,
} from './combobox-items';
import { InFloatingTree } from './InFloatingTree';
import { useComboboxFloating } from './use-combobox-floating';

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
  // Escape took the typed text back from the list: leaving the field then does not enter it (commitOnBlur).
  const [dismissed, setDismissed] = useState(false);
  // Show a selection made or loaded elsewhere (options often arrive after the first render), unless the user is typing.
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  if (shownLabel !== selectedLabel) {
    setShownLabel(selectedLabel);
    if (!typed) setText(selectedLabel);
  }
  const [wantsOpen, setWantsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
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

  const floating = useComboboxFloating({ open, setOpen, maxListHeight, activeIndex, setActiveIndex });

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
    } else if (event.key === 'Escape' && typed) {
      setDismissed(true);
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
    setDismissed(false);
    setWantsOpen(true);
    setActiveIndex(null);
  };

  const onBlur = () => {
    if (typed && props.commitOnBlur) {
      if (!dismissed) enterText(text);
      setText(clearOnSelect || dismissed ? '' : text);
      setTyped(false);
      setDismissed(false);
    } else if (typed && !clearOnSelect) {
      // Text typed but never picked is not a choice: the picker shows what is chosen again.
      setText(selectedLabel);
      setTyped(false);
    }
    setOpen(false);
  };

  // The input shows the current choice: a click or focus selects it, so typing replaces it instead of adding to it.
  const selectShownChoice = (event: { currentTarget: EventTarget }) => {
    if (!typed) (event.currentTarget as HTMLInputElement).select();
  };

  return (
    <FloatingNode id={floating.nodeId}>
      <div className="ui-combobox">
        <label htmlFor={inputId} className={hideLabel ? 'ui-visually-hidden' : 'ui-label'}>
          {label}
        </label>
        <input
          ref={floating.refs.setReference}
          className="ui-input"
          type="text"
          autoComplete="off"
          placeholder={props.placeholder}
          disabled={props.disabled}
          value={text}
          {...floating.getReferenceProps({
            onChange: (event) => onChange((event.target as HTMLInputElement).value),
            onKeyDown,
            onBlur,
            onFocus: selectShownChoice,
            onClick: selectShownChoice,
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
        <ComboboxList
          id={listboxId}
          label={label}
          items={items}
          activeIndex={activeIndex}
          selectedValue={selectedValue}
          optionId={optionId}
          onChoose={choose}
          createLabel={props.createLabel ?? defaultCreateLabel}
          floating={floating}
        />
      )}
    </FloatingNode>
  );
}
