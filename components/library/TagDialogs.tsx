import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TagWithPath } from '@/lib/api/contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useLibraryApi } from './library-api-context';
import { libraryTagCountsQuery } from './queries';

const gems = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'gem' : 'gems'}`;

/** Runs `action`, then closes; a refusal stays on show. */
function useConfirm(action: () => Promise<unknown>, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** How many gems have the tag itself (null while the counts load). */
function useTagCount(id: number) {
  const counts = useQuery(libraryTagCountsQuery(useLibraryApi()));
  return counts.data ? (counts.data.get(id)?.count ?? 0) : null;
}

interface MergeProps {
  tag: TagWithPath;
  tags: readonly TagWithPath[];
  onMerge: (into: number) => Promise<unknown>;
  onClose: () => void;
}

/** Merging a tag into another: pick the other; it says how many gems will carry it instead. */
export function MergeTagDialog({ tag, tags, onMerge, onClose }: MergeProps) {
  const id = useId();
  const targets = tags.filter((t) => t.id !== tag.id);
  const [into, setInto] = useState(targets[0]?.id ?? 0);
  const count = useTagCount(tag.id);
  const target = targets.find((t) => t.id === into);
  const { busy, error, run } = useConfirm(() => onMerge(into), onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Merge #${tag.path} into…`}>
      <label htmlFor={id}>Tag to merge into</label>
      <select id={id} value={into} onChange={(e) => setInto(Number(e.target.value))}>
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            #{t.path}
          </option>
        ))}
      </select>
      <p className="library-dialog-note" aria-live="polite">
        {count === null
          ? 'Counting its gems…'
          : `${count === 0 ? 'No gem has it' : `${gems(count)} will carry #${target?.path} instead`}; its sub-tags move under #${target?.path}, and #${tag.path} is gone.`}
      </p>
      {error && <ErrorMessage title="The tags were not merged">{error}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" loading={busy} disabled={!target} onClick={run}>
          Merge
        </Button>
      </div>
    </Dialog>
  );
}

interface DeleteProps {
  tag: TagWithPath;
  tags: readonly TagWithPath[];
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/** Deleting a tag says how many gems lose it and where its sub-tags go (up to its parent). */
export function DeleteTagDialog({ tag, tags, onDelete, onClose }: DeleteProps) {
  const count = useTagCount(tag.id);
  const children = tags.filter((t) => t.parentId === tag.id).length;
  const parent = tags.find((t) => t.id === tag.parentId);
  const { busy, error, run } = useConfirm(onDelete, onClose);
  const lose = count === null ? 'Counting its gems…' : count === 0 ? 'No gem has it.' : `${gems(count)} lose it.`;
  const moved =
    children === 0
      ? ''
      : ` Its ${children === 1 ? 'sub-tag moves' : `${children} sub-tags move`} up to ${parent ? `#${parent.path}` : 'the top level'}.`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Delete #${tag.path}?`}>
      <p className="library-dialog-note" aria-live="polite">
        {lose}
        {moved}
      </p>
      {error && <ErrorMessage title="The tag was not deleted">{error}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" loading={busy} onClick={run}>
          Delete tag
        </Button>
      </div>
    </Dialog>
  );
}
