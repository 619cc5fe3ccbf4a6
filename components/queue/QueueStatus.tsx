import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueView } from '@/lib/messaging/protocol';
import { unwrap, useBackground } from '../app/background-context';
import { appKeys, queueQuery } from '../app/queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Saves still in the background's queue: how many wait for the server or for their account to sign in, and the
 * ones the server refused, with retry and discard.
 */
export function QueueStatus({ detailed = false }: { detailed?: boolean }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const queue = useQuery(queueQuery(background));
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.queue });
  const retry = useMutation({
    mutationFn: async (key: string) => unwrap(await background.retryQueued({ key })),
    onSettled: refresh,
  });
  const discard = useMutation({
    mutationFn: async (key: string) => unwrap(await background.discardQueued({ key })),
    onSettled: refresh,
  });

  const items = queue.data ?? [];
  const pending = items.filter((s) => s.state === 'pending');
  const waiting = pending.filter((s) => !s.waitingFor);
  // Saves of an account that is not signed in, by whose sign-in they need ("alice to sign in").
  const held = new Map<string, number>();
  for (const { waitingFor } of pending) if (waitingFor) held.set(waitingFor, (held.get(waitingFor) ?? 0) + 1);
  const failed = items.filter((s) => s.state === 'failed');
  if (!items.length)
    return detailed ? <p className="empty">No saves are waiting. Everything reached the server.</p> : null;

  const row = (s: QueueView) => (
    <li key={s.key} className={`queue-item queue-${s.state}`}>
      <span className="queue-label">{s.label}</span>
      {s.state === 'failed' && s.lastError && <span className="meta">{s.lastError}</span>}
      {s.waitingFor && <span className="meta">Waits for {s.waitingFor}</span>}
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
      {[...held].map(([waitingFor, count]) => (
        <p key={waitingFor} className="queue-summary">
          {plural(count, 'save waits', 'saves wait')} for {waitingFor}
        </p>
      ))}
      {failed.length > 0 && (
        <p className="queue-summary queue-summary-failed">
          {plural(failed.length, 'save was refused', 'saves were refused')} by the server
        </p>
      )}
      <ul className="queue-list">{[...failed, ...(detailed ? pending : [])].map(row)}</ul>
    </section>
  );
}
