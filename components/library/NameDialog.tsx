import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';

interface Props {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a name (a new or renamed collection); the server's refusal is shown under the field. */
export function NameDialog({ title, label, initial = '', submitLabel, onSubmit, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please provide a name');
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form onSubmit={submit} noValidate>
        <Field id={id} label={label} error={error}>
          <input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </Field>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
