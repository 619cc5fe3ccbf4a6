import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { filterChoices, type MoveChoice } from '@/lib/library/move-targets';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';

interface Props {
  title: string;
  /** lib/library/move-targets.ts `moveChoices`: "Top level" first when offered, disabled ones saying why. */
  choices: readonly MoveChoice[];
  /** Moves there (null: the top level); a refusal is shown in the dialog, which stays open. */
  onPick: (id: number | null) => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Move to…": the tree as a list under a filter box. Focus stays in the box; ↑/↓ move over the choices that can be
 * taken (aria-activedescendant), Enter moves there, Escape closes.
 */
export function MovePicker({ title, choices, onPick, onClose }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = filterChoices(choices, filter);
  const enabled = shown.flatMap((c, index) => (c.disabled ? [] : [index]));
  const at = enabled.includes(active) ? active : (enabled[0] ?? -1);

  const pick = async (choice: MoveChoice | undefined) => {
    if (!choice || choice.disabled || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onPick(choice.id);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = enabled[(enabled.indexOf(at) + step + enabled.length) % enabled.length];
      if (next !== undefined) setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void pick(shown[at]);
    }
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} initialFocus={input}>
      <div className="move-picker">
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Filter"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={at >= 0 ? optionId(at) : undefined}
          className="move-picker-filter"
          placeholder="Filter"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={`${id}-list`} role="listbox" aria-label="Destinations" className="move-picker-list">
          {shown.map((choice, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: the filter box keeps focus and takes the keys (aria-activedescendant)
            <div
              key={choice.id ?? 'top'}
              id={optionId(index)}
              role="option"
              aria-selected={index === at}
              aria-disabled={choice.disabled ? true : undefined}
              className="move-picker-option"
              style={{ paddingInlineStart: `calc(${choice.depth} * var(--space-4) + var(--space-2))` }}
              onClick={() => void pick(choice)}
              onMouseMove={() => !choice.disabled && setActive(index)}
            >
              <span className="move-picker-label">{choice.label}</span>
              {choice.disabled && <span className="move-picker-reason">{choice.disabled}</span>}
            </div>
          ))}
          {shown.length === 0 && <p className="move-picker-none">Nothing matches.</p>}
        </div>
      </div>
      {error && <ErrorMessage title="Not moved">{error}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" loading={busy} disabled={at < 0} onClick={() => void pick(shown[at])}>
          Move here
        </Button>
      </div>
    </Dialog>
  );
}
