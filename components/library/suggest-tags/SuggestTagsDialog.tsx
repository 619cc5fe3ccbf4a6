import { useState } from 'react';
import type { ApiClient } from '@/lib/api/client';
import { MAX_SUGGEST_GEMS } from '@/lib/api/suggestions-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { type Assignment, acceptedTags, createNewTags, keyOf } from './accepted';
import { SuggestionList } from './SuggestionList';
import { useTagSuggestions } from './use-tag-suggestions';
import './suggest-tags.css';

interface Props {
  client: ApiClient;
  /** The selected gems; only the first MAX_SUGGEST_GEMS are asked about. */
  selected: readonly number[];
  /** Gives each gem its accepted tags (a bulk job, so it can be undone). */
  onApply: (assignments: Assignment[]) => Promise<void>;
  onClose: () => void;
}

const gems = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'gem' : 'gems'}`;

/**
 * "Suggest tags…" on a library selection: the AI's tags per gem (the user's own first, new ones marked), all accepted
 * until unticked; applying creates the new ones and adds them as the AI's.
 */
export function SuggestTagsDialog({ client, selected, onApply, onClose }: Props) {
  const [asked] = useState(() => selected.slice(0, MAX_SUGGEST_GEMS));
  const { state, retry } = useTagSuggestions(client, asked);
  const [rejected, setRejected] = useState<ReadonlySet<string>>(new Set());
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);
  const chosen = acceptedTags(state.found, rejected);
  const count = chosen.reduce((n, a) => n + a.tags.length, 0);
  const allKeys = state.found.flatMap((gem) => gem.tags.map((tag) => keyOf(gem.gemId, tag.name)));

  const apply = async () => {
    setApplying(true);
    setApplyError(null);
    try {
      await onApply(await createNewTags(client, chosen));
      onClose();
    } catch (error) {
      setApplyError(errorMessage(error));
      setApplying(false);
    }
  };
  const capped =
    selected.length > asked.length
      ? `Suggesting for the first ${gems(asked.length)} of the ${gems(selected.length)} selected (at most ${MAX_SUGGEST_GEMS} at once).`
      : `Suggesting for ${gems(asked.length)}.`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Suggest tags"
      description={capped}
      className="suggest-tags"
    >
      {state.phase === 'working' && (
        <div className="suggest-tags-progress">
          <progress value={state.done} max={Math.max(state.total, 1)} aria-label="Suggesting tags" />
          <span aria-live="polite">
            Suggested for {state.done} of {gems(state.total)}…
          </span>
        </div>
      )}
      {state.phase === 'failed' && (
        <Alert tone="error">
          {state.message}{' '}
          {state.noModel ? (
            <a href="/options.html#ai-settings" target="_blank" rel="noreferrer">
              Choose a model in Options
            </a>
          ) : (
            <Button size="sm" onClick={retry}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      <SuggestionList
        found={state.found}
        rejected={rejected}
        onToggle={(key) =>
          setRejected((now) => {
            const next = new Set(now);
            if (!next.delete(key)) next.add(key);
            return next;
          })
        }
      />
      {applyError && <Alert tone="error">{applyError}</Alert>}
      <div className="dialog-actions">
        <Button size="sm" variant="ghost" disabled={!allKeys.length} onClick={() => setRejected(new Set())}>
          Select all
        </Button>
        <Button size="sm" variant="ghost" disabled={!allKeys.length} onClick={() => setRejected(new Set(allKeys))}>
          Select none
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="primary"
          disabled={state.phase !== 'ready' || count === 0}
          loading={applying}
          onClick={() => void apply()}
        >
          {count === 1 ? 'Add 1 tag' : `Add ${count} tags`}
        </Button>
      </div>
    </Dialog>
  );
}
