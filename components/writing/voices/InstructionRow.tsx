import { useState } from 'react';
import type { BrandVoice, Persona } from '@/lib/api/voice-contract';
import type { InstructionFields, InstructionKind } from '@/lib/writing/writing-api';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { MoreIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import { InstructionForm } from './InstructionForm';

interface InstructionRowProps {
  kind: InstructionKind;
  item: BrandVoice | Persona;
  selected: boolean;
  /** Picks it (the side panel); none, the row only shows it (the library's Writing view). */
  onToggle?: () => void;
  onSave: (fields: InstructionFields) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onMakeDefault: (on: boolean) => Promise<unknown>;
}

type Mode = 'view' | 'edit' | 'confirm-delete';

/**
 * A voice or agent: picked by a click; its author's menu edits it in place, makes it the default or deletes it (after a
 * confirm).
 */
export function InstructionRow({
  kind,
  item,
  selected,
  onToggle,
  onSave,
  onDelete,
  onMakeDefault,
}: InstructionRowProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = 'jobTitle' in item && item.jobTitle ? item.jobTitle : item.description;

  const show = (next: Mode) => {
    setError(null);
    setMode(next);
  };
  const run = async (action: () => Promise<unknown>, after: Mode) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setMode(after);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = (
    <>
      <span className="voices-name">
        {item.name}
        {item.isDefault ? (
          <span className="voices-default" title="Default">
            <span aria-hidden="true">✓</span> Default
          </span>
        ) : null}
      </span>
      {detail ? <span className="voices-detail">{detail}</span> : null}
    </>
  );

  if (mode === 'edit')
    return (
      <li className="voices-row">
        <InstructionForm
          kind={kind}
          item={item}
          busy={busy}
          error={error}
          onCancel={() => show('view')}
          onSave={(fields) => run(() => onSave(fields), 'view')}
        />
      </li>
    );

  return (
    <li className="voices-row">
      {onToggle ? (
        <button type="button" className="voices-pick" aria-pressed={selected} onClick={onToggle}>
          {label}
        </button>
      ) : (
        <div className="voices-pick">{label}</div>
      )}
      <Menu label={`Options for ${item.name}`} triggerContent={<MoreIcon />} triggerClassName="ui-icon-button">
        <MenuItem label="Edit" onSelect={() => show('edit')} />
        <MenuItem
          label={item.isDefault ? 'Clear default' : 'Make default'}
          onSelect={() => void run(() => onMakeDefault(!item.isDefault), 'view')}
        />
        <MenuItem label="Delete" danger onSelect={() => show('confirm-delete')} />
      </Menu>
      {mode === 'confirm-delete' ? (
        <fieldset className="voices-confirm">
          <legend>Delete “{item.name}”?</legend>
          <Button size="sm" variant="danger" loading={busy} onClick={() => void run(onDelete, 'view')}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => show('view')}>
            Cancel
          </Button>
        </fieldset>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </li>
  );
}
