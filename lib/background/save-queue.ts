import type { UiError } from '../messaging/protocol';

/**
 * The save queue: every save is written to extension storage before the first attempt to send it,
 * and leaves the queue only when the server has confirmed it. Each save carries its idempotency key,
 * so a save that reached the server but whose answer was lost is never stored twice.
 */
export interface QueuedSave<P = unknown> {
  /** Also the idempotency key sent to the server. */
  key: string;
  payload: P;
  /** What the user sees in the list of waiting saves. */
  label: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: 'pending' | 'failed';
  /** Why the last attempt did not go through. */
  lastError?: string;
}

export interface QueueStore<P> {
  load(): Promise<QueuedSave<P>[]>;
  store(items: QueuedSave<P>[]): Promise<void>;
}

export type SendOutcome<R> = { ok: true; result: R } | { ok: false; error: UiError };

export interface SaveQueueOptions<P, R> {
  store: QueueStore<P>;
  send: (save: QueuedSave<P>) => Promise<SendOutcome<R>>;
  onDelivered?: (save: QueuedSave<P>, result: R) => void | Promise<void>;
  onChange?: (items: QueuedSave<P>[]) => void | Promise<void>;
  /**
   * Why a save may not be sent now (it belongs to an account that is not signed in), or null. A save held
   * back waits untouched: not sent, no attempt counted, not due until it is no longer held back.
   */
  heldBack?: (save: QueuedSave<P>) => Promise<UiError | null>;
  now?: () => number;
  random?: () => number;
}

export const BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000 } as const;

/** Exponential backoff with full jitter: a random wait up to base·2^(attempts-1), capped. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(BACKOFF.baseMs / 2 + random() * (ceiling - BACKOFF.baseMs / 2));
}

/**
 * Transient failures are retried later: the server is unreachable or overloaded, or the user must
 * sign in again. Anything else the server refused (a 4xx) will fail the same way every time.
 */
export function isTransient(error: UiError): boolean {
  if (error.kind === 'offline' || error.kind === 'signed-out' || error.kind === 'server') return true;
  return error.status === 408 || error.status === 429 || error.status >= 500 || error.status === 0;
}

export function createSaveQueue<P, R>(options: SaveQueueOptions<P, R>) {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  // One change at a time: every read-modify-write of the stored list runs in this chain.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => {});
    return run;
  };

  const write = async (items: QueuedSave<P>[]) => {
    await options.store.store(items);
    await options.onChange?.(items);
  };

  const update = (key: string, change: (save: QueuedSave<P>) => QueuedSave<P> | null) =>
    exclusive(async () => {
      const items = await options.store.load();
      const next = items.flatMap((s) => (s.key === key ? (change(s) ?? []) : [s]));
      await write(next);
      return next;
    });

  const inFlight = new Map<string, Promise<SendOutcome<R>>>();
  /** Deliveries answered and not yet recorded in the store (sendAndRecord). */
  const recording = new Set<Promise<void>>();
  /** The queue as stored, once every delivery answered so far has left it: what its readers see. */
  const load = async () => {
    await Promise.all(recording);
    return options.store.load();
  };

  /** Sends one save now (joining an attempt already under way) and records what happened. */
  function attempt(save: QueuedSave<P>): Promise<SendOutcome<R>> {
    let running = inFlight.get(save.key);
    if (!running) {
      running = sendAndRecord(save).finally(() => inFlight.delete(save.key));
      inFlight.set(save.key, running);
    }
    return running;
  }

  async function sendAndRecord(save: QueuedSave<P>): Promise<SendOutcome<R>> {
    const held = await options.heldBack?.(save);
    if (held) return { ok: false, error: held };
    const outcome = await options
      .send(save)
      .catch((error): SendOutcome<R> => ({ ok: false, error: { kind: 'unknown', status: 0, message: String(error) } }));
    if (outcome.ok) {
      // The caller hears as soon as the server has confirmed (the popup's Save → "Saved", bench/RESULTS.md); the save
      // leaves the store just after, and the queue's readers wait for that (`load`). Were the worker stopped in between,
      // or the store's write to fail, the save would be sent again under its key, and the server answers with the gem.
      const recorded = (async () => {
        await update(save.key, () => null);
        await options.onDelivered?.(save, outcome.result);
      })().catch((error) => console.warn(`[trove] a delivered save stays queued: ${String(error)}`));
      recording.add(recorded);
      void recorded.finally(() => recording.delete(recorded));
      return outcome;
    }
    const transient = isTransient(outcome.error);
    await update(save.key, (s) => ({
      ...s,
      attempts: s.attempts + 1,
      state: transient ? 'pending' : 'failed',
      nextAttemptAt: transient ? now() + backoffDelay(s.attempts + 1, random) : Number.POSITIVE_INFINITY,
      lastError: outcome.error.message,
    }));
    return outcome;
  }

  let draining: Promise<number> | null = null;
  let drainingForced = false;

  /**
   * Sends every pending save that is due, oldest first, one at a time. `force` ignores the backoff
   * (the network just came back). Returns how many were delivered.
   */
  function drain(force = false): Promise<number> {
    // A forced drain asked for while a normal one runs must not be satisfied by it: it runs next.
    if (draining && force && !drainingForced) return draining.then(() => drain(true));
    if (!draining) {
      drainingForced = force;
      draining = (async () => {
        let delivered = 0;
        const isDue = (s: QueuedSave<P>) => s.state === 'pending' && (force || s.nextAttemptAt <= now());
        const due = (await load()).filter(isDue);
        for (const { key } of due) {
          // Look again: while earlier saves were sent, this one may have been discarded or delivered.
          const save = (await load()).find((s) => s.key === key);
          if (!save || !(isDue(save) || inFlight.has(key))) continue;
          const outcome = await attempt(save);
          if (outcome.ok) delivered++;
          // The server is down: the rest would fail the same way; they wait for the next drain.
          else if (outcome.error.kind === 'offline') break;
        }
        return delivered;
      })().finally(() => {
        draining = null;
      });
    }
    return draining;
  }

  return {
    list: load,

    /**
     * Persists the save, then tries to send it at once. A key already waiting is not added twice (a double
     * click sends one save); a key the server refused is the same save corrected: its new payload replaces
     * the refused one (a refusal created nothing, so the key is still unused on the server).
     */
    async enqueue(save: Pick<QueuedSave<P>, 'key' | 'payload' | 'label'>): Promise<SendOutcome<R>> {
      const queued = await exclusive(async () => {
        const items = await options.store.load();
        const existing = items.find((s) => s.key === save.key);
        if (existing?.state === 'pending') return { save: existing, corrected: false };
        const fresh: QueuedSave<P> = { ...save, createdAt: now(), attempts: 0, nextAttemptAt: now(), state: 'pending' };
        await write(existing ? items.map((s) => (s === existing ? fresh : s)) : [...items, fresh]);
        return { save: fresh, corrected: !!existing };
      });
      // The refused attempt may still be finishing: the corrected save is sent after it, not joined to it.
      if (queued.corrected) await inFlight.get(queued.save.key);
      return attempt(queued.save);
    },

    drain,

    /** Tries a failed (or waiting) save again now. */
    async retry(key: string): Promise<SendOutcome<R> | null> {
      const items = await update(key, (s) => ({ ...s, state: 'pending', nextAttemptAt: now() }));
      const save = items.find((s) => s.key === key);
      return save ? attempt(save) : null;
    },

    discard: (key: string) => update(key, () => null),

    /** When the next pending save is due, for scheduling; null when nothing waits. */
    async nextDueAt(): Promise<number | null> {
      const pending = (await load()).filter((s) => s.state === 'pending');
      const held = await Promise.all(pending.map(async (s) => !!(await options.heldBack?.(s))));
      const due = pending.filter((_, i) => !held[i]).map((s) => s.nextAttemptAt);
      return due.length ? Math.min(...due) : null;
    },
  };
}

export type SaveQueue<P, R> = ReturnType<typeof createSaveQueue<P, R>>;
