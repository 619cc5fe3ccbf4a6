import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueView } from '@/lib/messaging/protocol';
import { unwrap, useBackground } from '../app/background-context';
import { keys, queueQuery } from '../app/queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Saves still in the background's queue: how many wait for the server, and the ones it refused, with retry and discard. */
export function QueueStatus({ detailed = false }: { detailed?: boolean }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const queue = useQuery(queueQuery(background));
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.queue });
  const retry = useMutation({
    mutationFn: async (key: string) => unwrap(await background.retryQueued({ key })),
    onSettled: refresh,
  });
  const discard = useMutation({
    mutationFn: async (key: string) => unwrap(await background.discardQueued({ key })),
    onSettled: refresh,
  });

  const items = queue.data ?? [];
  const waiting = items.filter((s) => s.state === 'pending');
  const failed = items.filter((s) => s.state === 'failed');
  if (!items.length)
    return detailed ? <p className="empty">No saves are waiting. Everything reached the server.</p> : null;

  const row = (s: QueueView) => (
    <li key={s.key} className={`queue-item queue-${s.state}`}>
      <span className="queue-label">{s.label}</span>
      {s.state === 'failed' && s.lastError && <span className="meta">{s.lastError}</span>}
      <span className="queue-actions">
        <button
          type="button"
          onClick={() => retry.mutate(s.key)}
          disabled={retry.isPending}
          aria-label={`Retry ${s.label}`}
        >
          Retry
        </button>
        <button type="button" onClick={() => discard.mutate(s.key)} aria-label={`Discard ${s.label}`}>
          Discard
        </button>
      </span>
    </li>
  );

  return (
    <section className="queue" aria-label="Saves not yet on the server">
      {waiting.length > 0 && (
        <p className="queue-summary">
          {plural(waiting.length, 'save waiting for the server', 'saves waiting for the server')}
        </p>
      )}
      {failed.length > 0 && (
        <p className="queue-summary queue-summary-failed">
          {plural(failed.length, 'save was refused', 'saves were refused')} by the server
        </p>
      )}
      <ul className="queue-list">{[...failed, ...(detailed ? waiting : [])].map(row)}</ul>
    </section>
  );
}
