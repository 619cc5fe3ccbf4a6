import { useEffect, useState } from 'react';
import type { Combobox, ComboboxProps } from '../ui/Combobox';

type ComboboxComponent = typeof Combobox;

// The pickers' code (and floating-ui, which places their lists) loads beside the popup's first questions
// instead of before its first paint: showing the fields does not need it, only using them does.
let loaded: ComboboxComponent | null = null;
const loading = import('../ui/Combobox').then((module) => {
  loaded = module.Combobox;
  return module.Combobox;
});

function useLoadedCombobox(): ComboboxComponent | null {
  const [combobox, setCombobox] = useState(() => loaded);
  useEffect(() => {
    if (!combobox) void loading.then((component) => setCombobox(() => component));
  }, [combobox]);
  return combobox;
}

/** Whether the pickers work yet (the form is busy until they do). */
export const useCombosReady = () => useLoadedCombobox() !== null;

/**
 * The Combobox of components/ui; until its code is in (a moment, usually before the form's data), its
 * label and input exactly where and as they will be, waiting (disabled).
 */
export function PopupCombobox(props: ComboboxProps) {
  const Loaded = useLoadedCombobox();
  if (Loaded) return <Loaded {...props} />;
  const shown = props.clearOnSelect ? '' : (props.options.find((o) => o.value === props.selectedValue)?.label ?? '');
  return (
    <div className="ui-combobox">
      <label htmlFor={props.id} className={props.hideLabel ? 'ui-visually-hidden' : 'ui-label'}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="ui-input"
        type="text"
        role="combobox"
        aria-expanded={false}
        placeholder={props.placeholder}
        value={shown}
        readOnly
        disabled
      />
    </div>
  );
}
