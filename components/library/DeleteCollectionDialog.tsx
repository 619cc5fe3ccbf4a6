import { useId, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import type { CollectionGemsFate } from '@/lib/library/library-api';
import { errorMessage } from '../app/background-context';
import { flattenCollections } from '../popup/collection-tree';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';

interface Props {
  collection: Collection;
  path: string[];
  collections: Collection[];
  onDelete: (fate: CollectionGemsFate) => Promise<unknown>;
  onClose: () => void;
}

type Choice = 'unfiltered' | 'move' | 'trash';

/** Deleting a collection asks first where its gems (and its sub-collections') go. */
export function DeleteCollectionDialog({ collection, path, collections, onDelete, onClose }: Props) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>('unfiltered');
  // Not the collection itself nor one under it: they go too.
  const gone = new Set([collection.id]);
  for (const c of flattenCollections(collections))
    if (c.collection.parentId !== null && gone.has(c.collection.parentId)) gone.add(c.collection.id);
  const targets = flattenCollections(collections).filter(
    (c) => !gone.has(c.collection.id) && !c.collection.isUnfiltered,
  );
  const [chosen, setTo] = useState<number | null>(null);
  const to = chosen ?? targets[0]?.collection.id ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    try {
      await onDelete(
        choice === 'move' && to !== null ? { gems: 'move', to } : { gems: choice === 'trash' ? 'trash' : 'unfiltered' },
      );
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  const option = (value: Choice, label: string, disabled = false) => (
    <label className="library-checkbox">
      <input
        type="radio"
        name={`${id}-fate`}
        value={value}
        checked={choice === value}
        disabled={disabled}
        onChange={() => setChoice(value)}
      />
      {label}
    </label>
  );
  const count = collection.gems_count === 1 ? 'its gem' : `its ${collection.gems_count} gems`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${path.join(' / ')}?`}
      description={`Its sub-collections go too. Where should ${count} and theirs go?`}
    >
      <fieldset className="library-fate">
        <legend className="visually-hidden">Where the gems go</legend>
        {option('unfiltered', 'Move them to Unfiltered')}
        {option('move', 'Move them to another collection', targets.length === 0)}
        {choice === 'move' && to !== null && (
          <select aria-label="Collection to move them to" value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {targets.map(({ collection: c, path: p }) => (
              <option key={c.id} value={c.id}>
                {p}
              </option>
            ))}
          </select>
        )}
        {option('trash', 'Move them to the trash')}
      </fieldset>
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
