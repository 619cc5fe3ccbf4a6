import { useId } from 'react';

interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A line under the label; the switch is described by it. */
  hint?: string;
  disabled?: boolean;
}

/** An on/off control (role switch): Space (or a click on it or its label) toggles it. */
export function Switch({ label, checked, onCheckedChange, hint, disabled = false }: SwitchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="ui-switch-row">
      <div className="ui-switch-text">
        <label htmlFor={id} className="ui-switch-label">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="ui-hint">
            {hint}
          </span>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        className="ui-switch"
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="ui-switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
