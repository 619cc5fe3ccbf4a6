import { useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';

interface Props {
  collection: Collection;
  path: string[];
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/** Deleting a collection says first what happens to the gems inside it. */
export function DeleteCollectionDialog({ collection, path, onDelete, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    try {
      await onDelete();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${path.join(' / ')}?`}
      description={`Its ${collection.gems_count === 1 ? 'gem' : `${collection.gems_count} gems`} and those of its sub-collections move to Unfiltered.`}
    >
      {error && <ErrorMessage title="The collection was not deleted">{error}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" loading={busy} onClick={remove}>
          Delete collection
        </Button>
      </div>
    </Dialog>
  );
}
