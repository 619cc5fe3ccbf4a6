import { useState } from 'react';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';

/** Delete, in two steps: the button turns into "Delete this gem?" with Confirm and Cancel. */
export function DeleteGemButton({ onDelete }: { onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onDelete();
    } catch (e) {
      setError(`The gem was not deleted: ${errorMessage(e)}`);
      setDeleting(false);
    }
  };

  if (!confirming) {
    return (
      <Button variant="ghost" className="delete-gem" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form fieldset
    <div className="confirm-delete" role="group" aria-label="Delete this gem?">
      <span className="confirm-delete-question">Delete this gem?</span>
      <Button variant="danger" size="sm" loading={deleting} onClick={confirm}>
        Confirm
      </Button>
      <Button size="sm" autoFocus disabled={deleting} onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
