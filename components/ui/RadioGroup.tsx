import { useId } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  /** Said on hover and to screen readers. */
  hint?: string;
}

interface RadioGroupProps<T extends string> {
  /** The group's name, for screen readers. */
  label: string;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * One choice out of a few, shown as segments: native radio inputs, so arrow keys move the choice and the group
 * is one tab stop, as every browser does it.
 */
export function RadioGroup<T extends string>({ label, options, value, onChange, className }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={['ui-radio-group', className].filter(Boolean).join(' ')}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="ui-radio-segment" title={option.hint}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
