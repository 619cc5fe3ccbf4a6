import { type KeyboardEvent, useId } from 'react';

export interface SliderStop<T extends string> {
  value: T;
  label: string;
}

interface SliderProps<T extends string> {
  label: string;
  /** The named positions, in order (e.g. Shorter / Same / Longer). */
  stops: readonly SliderStop<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The user let go of the thumb (pointer up), or pressed Enter after moving it with the keys. */
  onRelease?: (value: T) => void;
  disabled?: boolean;
}

const STEP_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i, last) => Math.min(i + 1, last),
  PageUp: (i, last) => Math.min(i + 1, last),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  ArrowDown: (i) => Math.max(i - 1, 0),
  PageDown: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_i, last) => last,
};

/**
 * A native range input over a few named stops; aria-valuetext announces the stop's name, not its index.
 * The keys are handled here (the browser's own would do the same on a step-1 range) so that each press
 * moves exactly one stop everywhere, jsdom included.
 */
export function Slider<T extends string>({ label, stops, value, onChange, onRelease, disabled }: SliderProps<T>) {
  const id = useId();
  const index = Math.max(
    stops.findIndex((stop) => stop.value === value),
    0,
  );
  const last = stops.length - 1;
  const moveTo = (next: number) => {
    const stop = stops[next];
    if (stop && next !== index) onChange(stop.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = STEP_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    moveTo(step(index, last));
  };

  return (
    <div className="ui-slider">
      <label htmlFor={id} className="ui-label">
        {label}
      </label>
      <input
        id={id}
        type="range"
        className="ui-slider-input"
        min={0}
        max={last}
        step={1}
        value={index}
        disabled={disabled}
        aria-valuetext={stops[index]?.label}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => event.key === 'Enter' && onRelease?.(value)}
        onPointerUp={(event) => onRelease?.(stops[Number(event.currentTarget.value)]?.value ?? value)}
        onChange={(event) => moveTo(Number(event.target.value))}
      />
      <div className="ui-slider-stops" aria-hidden="true">
        {stops.map((stop, i) => (
          <span key={stop.value} className="ui-slider-stop" data-current={i === index || undefined}>
            {stop.label}
          </span>
        ))}
      </div>
    </div>
  );
}
