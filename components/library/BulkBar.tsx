import { type ChangeEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { type BulkAction, type BulkJob, type BulkJobBody, isBulkJobActive } from '@/lib/api/bulk-contract';
import type { ApiClient } from '@/lib/api/client';
import { CheckLinksButton } from './CheckLinksButton';
import { MovePicker } from './MovePicker';
import { SuggestTagsDialog } from './suggest-tags/SuggestTagsDialog';
import { useBulkJob } from './use-bulk-job';
import './bulk-bar.css';

export interface BulkBarProps {
  client: ApiClient;
  /** How many gems are selected (every match when "all N that match" is chosen). */
  count: number;
  /** What the request names (lib/library/selection.ts `bulkTarget`); null when nothing is selected. */
  target: BulkJobBody['target'] | null;
  /** The collections to move to and the tags to add or remove, each with its path (`Recipes/Desserts`). */
  collections: readonly { id: number; path: string }[];
  tags: readonly { id: number; path: string }[];
  /** A job ended or was undone: the page reloads what it shows. */
  onChanged?: (job: BulkJob) => void;
  onClear?: () => void;
  /** How often a running job's progress is read (ms). */
  pollMs?: number;
}

const DONE: Record<BulkAction, string> = {
  move: 'Moved',
  tag: 'Tagged',
  untag: 'Untagged',
  favourite: 'Added to favourites',
  unfavourite: 'Removed from favourites',
  trash: 'Moved to the trash',
  restore: 'Restored',
  'tag-suggested': 'Tagged as suggested',
};
const gems = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'gem' : 'gems'}`;

function JobStatus({
  job,
  onUndo,
  onDismiss,
  busy,
}: {
  job: BulkJob;
  onUndo(): void;
  onDismiss(): void;
  busy: boolean;
}) {
  if (isBulkJobActive(job))
    return (
      <div className="bulk-bar-progress">
        <progress value={job.done} max={Math.max(job.total, 1)} aria-label="Bulk change progress" />
        <span aria-live="polite">
          {job.done.toLocaleString('en')} of {gems(job.total)}
        </span>
      </div>
    );
  return (
    <div className="bulk-bar-result" role="status">
      {job.status === 'done' && <span>{`${DONE[job.action]}: ${gems(job.total)}`}</span>}
      {job.status === 'undone' && <span>Undone</span>}
      {job.status === 'failed' && <span>{job.error ?? 'The change failed'}</span>}
      {job.status !== 'undone' && (
        <Button size="sm" onClick={onUndo} loading={busy}>
          Undo
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Close
      </Button>
    </div>
  );
}

/** The library's bar for changing the selected gems at once; the change runs as a server job that can be undone. */
export function BulkBar({ client, count, target, collections, tags, onChanged, onClear, pollMs }: BulkBarProps) {
  const { job, error, busy, start, undo, dismiss } = useBulkJob(client, { pollMs, onSettled: onChanged });
  const [moving, setMoving] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  // suggestions are asked per gem: a selection by search ("all N that match") has no ids to ask about
  const ids = target && 'ids' in target ? target.ids : undefined;
  const running = job !== null && isBulkJobActive(job);
  const disabled = target === null || busy || running;
  const act = (body: Omit<BulkJobBody, 'target'>) => {
    if (target) void start({ ...body, target });
  };
  const picked = (handle: (value: number) => void) => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = Number(event.target.value);
    event.target.value = '';
    if (value) handle(value);
  };
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk changes">
      <span className="bulk-bar-count">{count > 0 ? `${gems(count)} selected` : 'Nothing selected'}</span>
      <Button size="sm" disabled={disabled} onClick={() => setMoving(true)}>
        Move to…
      </Button>
      {moving && (
        <MovePicker
          title={`Move ${gems(count)} to…`}
          choices={collections.map((c) => ({ id: c.id, label: c.path.split('/').join(' / '), depth: 0 }))}
          onPick={async (collectionId) => {
            if (target && collectionId !== null) await start({ action: 'move', collectionId, target });
          }}
          onClose={() => setMoving(false)}
        />
      )}
      <select
        aria-label="Tag"
        disabled={disabled}
        defaultValue=""
        onChange={picked((tagId) => act({ action: 'tag', tagIds: [tagId] }))}
      >
        <option value="">Tag…</option>
        {tags.map((t) => (
          <option key={t.id} value={t.id}>
            {t.path}
          </option>
        ))}
      </select>
      <select
        aria-label="Untag"
        disabled={disabled}
        defaultValue=""
        onChange={picked((tagId) => act({ action: 'untag', tagIds: [tagId] }))}
      >
        <option value="">Untag…</option>
        {tags.map((t) => (
          <option key={t.id} value={t.id}>
            {t.path}
          </option>
        ))}
      </select>
      <Button size="sm" disabled={disabled} onClick={() => act({ action: 'favourite' })}>
        Favourite
      </Button>
      <Button size="sm" variant="danger" disabled={disabled} onClick={() => act({ action: 'trash' })}>
        Trash
      </Button>
      <Button
        size="sm"
        disabled={disabled || !ids}
        onClick={() => setSuggesting(true)}
        title={ids ? undefined : 'Select gems one by one to suggest their tags'}
      >
        Suggest tags…
      </Button>
      {suggesting && ids && (
        <SuggestTagsDialog
          client={client}
          selected={ids}
          onApply={(assignments) =>
            start({ action: 'tag-suggested', target: { ids: assignments.map((a) => a.gemId) }, assignments })
          }
          onClose={() => setSuggesting(false)}
        />
      )}
      <CheckLinksButton client={client} target={target} />
      {onClear && (
        <Button size="sm" variant="ghost" disabled={count === 0} onClick={onClear}>
          Clear selection
        </Button>
      )}
      {job && <JobStatus job={job} onUndo={undo} onDismiss={dismiss} busy={busy} />}
      {error && (
        <p className="bulk-bar-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
