import { describe, expect, test, vi } from 'vitest';
import {
  BACKOFF,
  backoffDelay,
  createSaveQueue,
  isTransient,
  type QueuedSave,
  type SendOutcome,
} from '../../lib/background/save-queue';
import type { UiError } from '../../lib/messaging/protocol';

type Payload = { n: number };
type Result = { id: number };
type Save = QueuedSave<Payload>;
type Outcome = SendOutcome<Result>;

const T0 = 1_700_000_000_000;

/** The formula, written out independently of the code under test. */
const expectedDelay = (attempts: number, r: number) =>
  Math.round(1_000 + r * (Math.min(300_000, 2_000 * 2 ** (attempts - 1)) - 1_000));

const ok = (id: number): Outcome => ({ ok: true, result: { id } });
const fail = (kind: UiError['kind'], status: number, message = `${kind} ${status}`): Outcome => ({
  ok: false,
  error: { kind, status, message },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The element at `index`, failing the test when there is none. */
function at<T>(list: T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`nothing at index ${index}`);
  return value;
}

/** Lets every pending promise callback run (the fakes below only use microtasks). */
const settle = () => new Promise((r) => setTimeout(r, 0));

const item = (key: string, over: Partial<Save> = {}): Save => ({
  key,
  payload: { n: key.charCodeAt(0) },
  label: `Label ${key}`,
  createdAt: T0,
  attempts: 0,
  nextAttemptAt: T0,
  state: 'pending',
  ...over,
});

type Step = Outcome | Error | Promise<Outcome>;

/**
 * An in-memory store, a scripted `send` (one step per call, in order) and a shared log of what
 * happened in which order, with the clock and the jitter under the test's control.
 */
function setup(options: { initial?: Save[]; random?: number; steps?: Step[]; held?: Set<string> } = {}) {
  let items: Save[] = structuredClone(options.initial ?? []);
  const log: string[] = [];
  const writes: Save[][] = [];
  const changes: Save[][] = [];
  const sends: { save: Save; storedAtCall: Save[] }[] = [];
  const delivered: { save: Save; result: Result }[] = [];
  const steps: Step[] = [...(options.steps ?? [])];
  const clock = { t: T0 };
  const keys = (list: Save[]) => list.map((s) => s.key).join(',');

  const queue = createSaveQueue<Payload, Result>({
    store: {
      load: async () => structuredClone(items),
      store: async (next) => {
        items = structuredClone(next);
        writes.push(structuredClone(next));
        log.push(`store [${keys(next)}]`);
      },
    },
    send: async (save) => {
      log.push(`send ${save.key}`);
      sends.push({ save: structuredClone(save), storedAtCall: structuredClone(items) });
      const step = steps.shift();
      if (step === undefined) throw new Error(`send ${save.key} was not scripted`);
      if (step instanceof Error) throw step;
      return step;
    },
    onDelivered: (save, result) => {
      log.push(`delivered ${save.key}`);
      delivered.push({ save: structuredClone(save), result });
    },
    onChange: (list) => {
      log.push(`change [${keys(list)}]`);
      changes.push(structuredClone(list));
    },
    now: () => clock.t,
    random: () => options.random ?? 0.5,
    heldBack: async (save) =>
      options.held?.has(save.key) ? { kind: 'signed-out', status: 401, message: 'Waits for ada to sign in.' } : null,
  });

  return {
    queue,
    clock,
    log,
    writes,
    changes,
    sends,
    delivered,
    steps,
    stored: () => structuredClone(items),
    sentKeys: () => sends.map((s) => s.save.key),
  };
}

describe('backoffDelay', () => {
  test('the constants', () => {
    expect(BACKOFF).toEqual({ baseMs: 2_000, maxMs: 300_000 });
  });

  test.each([1, 2, 5, 9, 40])('random 0 waits half the base whatever the attempt (%i)', (attempts) => {
    expect(backoffDelay(attempts, () => 0)).toBe(1_000);
  });

  test.each([
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [8, 256_000],
    [9, 300_000],
    [10, 300_000],
    [64, 300_000],
    [2_000, 300_000],
  ])('random 1 waits the full ceiling: attempt %i → %i ms', (attempts, ms) => {
    expect(backoffDelay(attempts, () => 1)).toBe(ms);
    expect(ms).toBe(expectedDelay(attempts, 1));
  });

  test.each([
    [1, 0.5, 1_500],
    [3, 0.25, 2_750],
    [9, 0.5, 150_500],
    [3, 0.3333, 3_333],
  ])('attempt %i with random %d → %i ms (base/2 + r·(ceiling − base/2), rounded)', (attempts, r, ms) => {
    expect(backoffDelay(attempts, () => r)).toBe(ms);
    expect(ms).toBe(expectedDelay(attempts, r));
  });

  test('attempt 0 counts as the first', () => {
    expect(backoffDelay(0, () => 1)).toBe(2_000);
  });
});

describe('isTransient', () => {
  test.each<[UiError['kind'], number]>([
    ['offline', 0],
    ['signed-out', 401],
    ['server', 500],
    ['server', 502],
    ['unknown', 0],
    ['invalid', 408],
    ['invalid', 429],
    ['invalid', 500],
    ['unknown', 503],
    ['unknown', 599],
  ])('%s %i is transient', (kind, status) => {
    expect(isTransient({ kind, status, message: 'x' })).toBe(true);
  });

  test.each<[UiError['kind'], number]>([
    ['invalid', 400],
    ['invalid', 409],
    ['invalid', 413],
    ['invalid', 415],
    ['invalid', 422],
    ['not-found', 404],
    ['unknown', 403],
  ])('%s %i is permanent', (kind, status) => {
    expect(isTransient({ kind, status, message: 'x' })).toBe(false);
  });
});

describe('enqueue', () => {
  test('persists the save before sending it', async () => {
    const q = setup({ steps: [ok(7)] });
    q.clock.t = T0 + 5;
    await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    await q.queue.list();

    const fresh: Save = {
      key: 'a',
      payload: { n: 1 },
      label: 'A',
      createdAt: T0 + 5,
      attempts: 0,
      nextAttemptAt: T0 + 5,
      state: 'pending',
    };
    expect(q.sends).toEqual([{ save: fresh, storedAtCall: [fresh] }]);
    expect(q.log).toEqual(['store [a]', 'change [a]', 'send a', 'store []', 'change []', 'delivered a']);
  });

  test('a send that throws leaves the save in the store, waiting', async () => {
    const q = setup({ steps: [new Error('boom')], random: 1 });
    const answer = await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });

    expect(answer).toEqual({ ok: false, error: { kind: 'unknown', status: 0, message: 'Error: boom' } });
    expect(q.stored()).toEqual([
      {
        key: 'a',
        payload: { n: 1 },
        label: 'A',
        createdAt: T0,
        attempts: 1,
        nextAttemptAt: T0 + 2_000,
        state: 'pending',
        lastError: 'Error: boom',
      },
    ]);
    expect(q.delivered).toEqual([]);
  });

  test('success removes the save, calls onDelivered once and answers the result', async () => {
    const q = setup({ steps: [ok(42)] });
    const answer = await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });

    expect(answer).toEqual({ ok: true, result: { id: 42 } });
    expect(await q.queue.list()).toEqual([]);
    expect(q.stored()).toEqual([]);
    expect(q.delivered).toEqual([{ save: item('a', { payload: { n: 1 }, label: 'A' }), result: { id: 42 } }]);
    expect(q.writes).toEqual([[item('a', { payload: { n: 1 }, label: 'A' })], []]);
  });

  test('a success is answered before the save leaves the store; the list waits until it has', async () => {
    let items: Save[] = [];
    let writes = 0;
    const removal = deferred<void>();
    const queue = createSaveQueue<Payload, Result>({
      store: {
        load: async () => structuredClone(items),
        store: async (next) => {
          if (++writes === 2) await removal.promise;
          items = structuredClone(next);
        },
      },
      send: async () => ok(42),
    });

    const answered = await Promise.race([
      queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' }),
      settle().then(() => 'not answered'),
    ]);
    expect(answered).toEqual(ok(42));
    expect(items.map((s) => s.key)).toEqual(['a']);
    const listed = queue.list();
    removal.resolve();
    expect(await listed).toEqual([]);
  });

  test('a success whose removal from the store fails is still answered, and the save stays queued under its key', async () => {
    let items: Save[] = [];
    let writes = 0;
    const queue = createSaveQueue<Payload, Result>({
      store: {
        load: async () => structuredClone(items),
        store: async (next) => {
          if (++writes === 2) throw new Error('storage full');
          items = structuredClone(next);
        },
      },
      send: async () => ok(42),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(await queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' })).toEqual(ok(42));
    expect((await queue.list()).map((s) => [s.key, s.state])).toEqual([['a', 'pending']]);
    expect(warn).toHaveBeenCalledWith('[trove] a delivered save stays queued: Error: storage full');
    warn.mockRestore();
  });

  test.each<[number, Outcome]>([
    [0, fail('offline', 0)],
    [1, fail('offline', 0)],
    [0, fail('signed-out', 401)],
    [1, fail('signed-out', 401)],
    [0, fail('server', 500)],
    [1, fail('server', 503)],
    [0, fail('unknown', 0)],
    [1, fail('invalid', 408)],
    [0, fail('invalid', 429)],
    [1, fail('invalid', 429)],
    [1, fail('unknown', 502)],
  ])('random %d: a transient failure (%j) keeps it pending with backoff', async (r, outcome) => {
    const q = setup({ steps: [outcome], random: r });
    q.clock.t = T0 + 123;
    const answer = await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });

    expect(answer).toEqual(outcome);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(q.stored()).toEqual([
      item('a', {
        payload: { n: 1 },
        label: 'A',
        createdAt: T0 + 123,
        attempts: 1,
        nextAttemptAt: T0 + 123 + (r === 0 ? 1_000 : 2_000),
        lastError: message,
      }),
    ]);
    expect(q.stored()[0]?.nextAttemptAt).toBe(T0 + 123 + expectedDelay(1, r));
    expect(q.delivered).toEqual([]);
    expect(await q.queue.nextDueAt()).toBe(T0 + 123 + expectedDelay(1, r));
  });

  test.each<Outcome>([
    fail('invalid', 400),
    fail('not-found', 404),
    fail('invalid', 409),
    fail('invalid', 413),
    fail('invalid', 415),
  ])('a permanent failure (%j) marks it failed and drain never retries it', async (outcome) => {
    const q = setup({ steps: [outcome] });
    const answer = await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });

    expect(answer).toEqual(outcome);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(q.stored()).toEqual([
      item('a', {
        payload: { n: 1 },
        label: 'A',
        attempts: 1,
        state: 'failed',
        nextAttemptAt: Number.POSITIVE_INFINITY,
        lastError: message,
      }),
    ]);

    q.clock.t = T0 + 24 * 3_600_000;
    expect(await q.queue.drain()).toBe(0);
    expect(await q.queue.drain(true)).toBe(0);
    expect(q.sends).toHaveLength(1);
    expect(await q.queue.nextDueAt()).toBeNull();
    expect(q.stored()[0]?.attempts).toBe(1);
  });

  test('the same key is stored once; a second enqueue sends the save already queued', async () => {
    const q = setup({ steps: [fail('server', 503), ok(9)] });
    await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'first' });
    q.clock.t = T0 + 10;
    const answer = await q.queue.enqueue({ key: 'a', payload: { n: 2 }, label: 'second' });
    await q.queue.list();

    expect(answer).toEqual({ ok: true, result: { id: 9 } });
    // Only the first enqueue wrote a new item; the second found it and added nothing.
    expect(q.writes[0]).toEqual([item('a', { payload: { n: 1 }, label: 'first' })]);
    expect(q.writes.map((w) => w.length)).toEqual([1, 1, 0]);
    expect(q.sends[1]?.save).toMatchObject({ key: 'a', payload: { n: 1 }, label: 'first', attempts: 1 });
    expect(q.delivered).toHaveLength(1);
  });

  test('a refused save enqueued again under its key (corrected in the popup) sends the new payload', async () => {
    const q = setup({ steps: [fail('not-found', 404, 'Collection not found'), ok(9)] });
    expect(await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'first' })).toEqual(
      fail('not-found', 404, 'Collection not found'),
    );
    expect(q.stored()[0]?.state).toBe('failed');
    q.clock.t = T0 + 10;

    expect(await q.queue.enqueue({ key: 'a', payload: { n: 2 }, label: 'corrected' })).toEqual(ok(9));
    await q.queue.list();
    expect(q.sends.map((s) => s.save.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(q.sends[1]?.save).toMatchObject({ key: 'a', label: 'corrected', attempts: 0 });
    expect(q.delivered.map((d) => d.save.label)).toEqual(['corrected']);
    expect(q.stored()).toEqual([]);
  });

  test('two enqueues of one key at once: one item stored, one send, both get the answer', async () => {
    const held = deferred<Outcome>();
    const q = setup({ steps: [held.promise] });
    const first = q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    const second = q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    await settle();
    expect(q.stored()).toHaveLength(1);
    expect(q.sends).toHaveLength(1);

    held.resolve(ok(3));
    expect(await first).toEqual({ ok: true, result: { id: 3 } });
    expect(await second).toEqual({ ok: true, result: { id: 3 } });
    await q.queue.list();
    expect(q.sends).toHaveLength(1);
    expect(q.delivered).toHaveLength(1);
    expect(q.stored()).toEqual([]);
  });

  test('enqueue and drain of the same key at once send it only once', async () => {
    const held = deferred<Outcome>();
    const q = setup({ steps: [held.promise] });
    const enqueued = q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    await settle();
    expect(q.sentKeys()).toEqual(['a']);

    const drained = q.queue.drain();
    await settle();
    held.resolve(ok(5));

    expect(await enqueued).toEqual({ ok: true, result: { id: 5 } });
    expect(await drained).toBe(1);
    expect(q.sentKeys()).toEqual(['a']);
    expect(q.delivered).toHaveLength(1);
    expect(q.stored()).toEqual([]);
  });
});

describe('saves held back (their account is not signed in)', () => {
  test('are not sent, counted or due, and go out once they are no longer held back', async () => {
    const held = new Set(['a']);
    const q = setup({ held, steps: [ok(1)] });
    expect(await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' })).toEqual(
      fail('signed-out', 401, 'Waits for ada to sign in.'),
    );
    expect(await q.queue.drain(true)).toBe(0);
    expect(await q.queue.retry('a')).toEqual(fail('signed-out', 401, 'Waits for ada to sign in.'));
    expect(q.sends).toHaveLength(0);
    expect(q.stored()).toMatchObject([{ key: 'a', state: 'pending', attempts: 0 }]);
    expect(await q.queue.nextDueAt()).toBeNull();

    held.clear();
    expect(await q.queue.nextDueAt()).toBe(T0);
    expect(await q.queue.drain()).toBe(1);
    expect(q.stored()).toEqual([]);
  });
});

describe('backoff across attempts', () => {
  test('grows with each failure and is capped at BACKOFF.maxMs', async () => {
    const failures = Array.from({ length: 12 }, () => fail('server', 503));
    const q = setup({ steps: failures, random: 1 });
    await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    const waits = [at(q.stored(), 0).nextAttemptAt - q.clock.t];
    for (let i = 0; i < 11; i++) {
      q.clock.t = at(q.stored(), 0).nextAttemptAt;
      expect(await q.queue.drain()).toBe(0);
      waits.push(at(q.stored(), 0).nextAttemptAt - q.clock.t);
    }
    expect(waits).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000, 300_000,
    ]);
    expect(q.stored()[0]?.attempts).toBe(12);
    expect(q.sends).toHaveLength(12);
  });

  test('with random 0 every wait is half the base', async () => {
    const q = setup({ steps: Array.from({ length: 5 }, () => fail('offline', 0)), random: 0 });
    await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    const waits = [at(q.stored(), 0).nextAttemptAt - q.clock.t];
    for (let i = 0; i < 4; i++) {
      q.clock.t += 7_777;
      await q.queue.drain(true);
      waits.push(at(q.stored(), 0).nextAttemptAt - q.clock.t);
    }
    expect(waits).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
  });
});

describe('drain', () => {
  const seeded = () => [
    item('a', { createdAt: T0 - 300, nextAttemptAt: T0 - 10, attempts: 2 }),
    item('f', { createdAt: T0 - 250, nextAttemptAt: T0 - 50, attempts: 1, state: 'failed' }),
    item('b', { createdAt: T0 - 200, nextAttemptAt: T0 + 60_000, attempts: 3 }),
    item('c', { createdAt: T0 - 100, nextAttemptAt: T0, attempts: 1 }),
  ];

  test('sends only the due pending saves, oldest first, and counts the delivered', async () => {
    const q = setup({ initial: seeded(), steps: [ok(1), ok(2)] });
    expect(await q.queue.drain()).toBe(2);
    expect(q.sentKeys()).toEqual(['a', 'c']);
    expect(q.stored()).toEqual([seeded()[1], seeded()[2]]);
    expect(q.delivered.map((d) => [d.save.key, d.result.id])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
  });

  test('force ignores nextAttemptAt but still skips failed saves', async () => {
    const q = setup({ initial: seeded(), steps: [ok(1), ok(2), ok(3)] });
    expect(await q.queue.drain(true)).toBe(3);
    expect(q.sentKeys()).toEqual(['a', 'b', 'c']);
    expect(q.stored()).toEqual([seeded()[1]]);
  });

  test('stops at the first offline outcome and leaves the rest untouched', async () => {
    const q = setup({ initial: seeded(), steps: [ok(1), fail('offline', 0, 'no network')], random: 1 });
    expect(await q.queue.drain(true)).toBe(1);
    expect(q.sentKeys()).toEqual(['a', 'b']);
    expect(q.stored()).toEqual([
      seeded()[1],
      { ...seeded()[2], attempts: 4, nextAttemptAt: T0 + expectedDelay(4, 1), lastError: 'no network' },
      seeded()[3],
    ]);
    expect(T0 + expectedDelay(4, 1)).toBe(T0 + 16_000);
  });

  test('other failures do not stop it', async () => {
    const q = setup({
      initial: seeded(),
      steps: [fail('server', 500, 'down'), fail('invalid', 400, 'bad'), ok(3)],
      random: 0,
    });
    expect(await q.queue.drain(true)).toBe(1);
    expect(q.sentKeys()).toEqual(['a', 'b', 'c']);
    expect(q.stored()).toEqual([
      { ...seeded()[0], attempts: 3, nextAttemptAt: T0 + 1_000, lastError: 'down' },
      seeded()[1],
      { ...seeded()[2], attempts: 4, state: 'failed', nextAttemptAt: Number.POSITIVE_INFINITY, lastError: 'bad' },
    ]);
  });

  test('an empty queue delivers nothing', async () => {
    const q = setup();
    expect(await q.queue.drain(true)).toBe(0);
    expect(q.sends).toEqual([]);
  });

  test('concurrent drains share one run; a forced drain asked for during a normal one runs after it', async () => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise, ok(2), ok(3)] });
    const first = q.queue.drain();
    await settle();
    expect(q.queue.drain()).toBe(first);
    // The network just came back: saves still in backoff must go too, so the normal run cannot answer for it.
    const forced = q.queue.drain(true);
    expect(forced).not.toBe(first);
    held.resolve(ok(1));
    expect(await first).toBe(2);
    expect(await forced).toBe(1);
    expect(q.sentKeys()).toEqual(['a', 'c', 'b']);

    const later = q.queue.drain(true);
    expect(later).not.toBe(first);
    expect(await later).toBe(0);
  });

  test('a forced drain joins a forced drain already under way', async () => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise, ok(2), ok(3)] });
    const first = q.queue.drain(true);
    expect(q.queue.drain(true)).toBe(first);
    expect(q.queue.drain()).toBe(first);
    held.resolve(ok(1));
    expect(await first).toBe(3);
  });

  test('a save discarded while a drain is under way is not sent', async () => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise] });
    const drained = q.queue.drain();
    await settle();
    expect(q.sentKeys()).toEqual(['a']);
    await q.queue.discard('c');
    held.resolve(ok(1));
    expect(await drained).toBe(1);
    expect(q.sentKeys()).toEqual(['a']);
    expect(q.stored()).toEqual([seeded()[1], seeded()[2]]);
  });

  test('a save delivered by another attempt while a drain is under way is not sent again', async () => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise, ok(2)] });
    const drained = q.queue.drain();
    await settle();
    expect(await q.queue.enqueue({ key: 'c', payload: { n: 0 }, label: 'again' })).toEqual({
      ok: true,
      result: { id: 2 },
    });
    held.resolve(ok(1));
    expect(await drained).toBe(1);
    expect(q.sentKeys()).toEqual(['a', 'c']);
    expect(q.delivered.map((d) => d.save.key)).toEqual(['c', 'a']);
  });

  test.each<[string, boolean, Outcome, string[]]>([
    ['refused (now failed)', false, fail('invalid', 400), ['a', 'c']],
    ['refused (now failed), forced', true, fail('invalid', 400), ['a', 'c', 'b']],
    ['backed off (no longer due)', false, fail('server', 503), ['a', 'c']],
  ])('a save %s by another attempt while a drain is under way is not sent again', async (_, force, outcome, sent) => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise], random: 1 });
    const drained = q.queue.drain(force);
    await settle();
    q.steps.push(outcome);
    expect(await q.queue.enqueue({ key: 'c', payload: { n: 0 }, label: 'again' })).toEqual(outcome);
    // Forced, the drain goes on to 'b' (not yet due); it must still skip 'c', now failed.
    if (force) q.steps.push(ok(2));
    held.resolve(ok(1));
    expect(await drained).toBe(force ? 2 : 1);
    expect(q.sentKeys()).toEqual(sent);
    expect(q.stored().find((s) => s.key === 'c')).toMatchObject({
      attempts: 2,
      lastError: outcome.ok ? '' : outcome.error.message,
    });
  });

  test('a forced drain sends a save as it is now, not as it was when the drain began', async () => {
    const held = deferred<Outcome>();
    const q = setup({ initial: seeded(), steps: [held.promise, ok(2)], random: 0 });
    const drained = q.queue.drain(true);
    await settle();
    q.steps.splice(0, 0, fail('server', 503, 'busy'));
    await q.queue.enqueue({ key: 'c', payload: { n: 0 }, label: 'again' });
    held.resolve(ok(1));
    q.steps.push(ok(3));
    expect(await drained).toBe(3);
    expect(q.sentKeys()).toEqual(['a', 'c', 'b', 'c']);
    const last = at(q.sends, 3);
    expect(last.save).toEqual({ ...seeded()[3], attempts: 2, nextAttemptAt: T0 + 1_000, lastError: 'busy' });
    expect(last.storedAtCall).toContainEqual(last.save);
    expect(q.delivered.at(-1)?.save).toEqual(last.save);
  });
});

describe('retry, discard, nextDueAt', () => {
  const failed = item('f', { attempts: 1, state: 'failed', nextAttemptAt: Number.POSITIVE_INFINITY, lastError: 'bad' });
  const other = item('p', { createdAt: T0 + 1, nextAttemptAt: T0 + 9_000, attempts: 2 });

  test('retry sends a failed save again now and removes it on success', async () => {
    const q = setup({ initial: [failed, other], steps: [ok(11)] });
    q.clock.t = T0 + 500;
    expect(await q.queue.retry('f')).toEqual({ ok: true, result: { id: 11 } });
    await q.queue.list();
    expect(q.sends).toEqual([
      {
        save: { ...failed, state: 'pending', nextAttemptAt: T0 + 500 },
        storedAtCall: [{ ...failed, state: 'pending', nextAttemptAt: T0 + 500 }, other],
      },
    ]);
    expect(q.stored()).toEqual([other]);
    expect(q.delivered.map((d) => d.save.key)).toEqual(['f']);
  });

  test('retry that fails again counts the attempt', async () => {
    const q = setup({ initial: [failed], steps: [fail('server', 502, 'busy')], random: 1 });
    expect(await q.queue.retry('f')).toEqual(fail('server', 502, 'busy'));
    expect(q.stored()).toEqual([
      { ...failed, attempts: 2, state: 'pending', nextAttemptAt: T0 + 4_000, lastError: 'busy' },
    ]);
  });

  test('retry of an unknown key answers null and sends nothing', async () => {
    const q = setup({ initial: [failed] });
    expect(await q.queue.retry('zzz')).toBeNull();
    expect(q.sends).toEqual([]);
    expect(q.stored()).toEqual([failed]);
  });

  test('discard removes only that save', async () => {
    const q = setup({ initial: [failed, other] });
    await q.queue.discard('f');
    expect(q.stored()).toEqual([other]);
    expect(await q.queue.list()).toEqual([other]);
    expect(q.sends).toEqual([]);
  });

  test('a save discarded while its send is under way is not brought back when the send fails', async () => {
    const held = deferred<Outcome>();
    const q = setup({ steps: [held.promise] });
    const enqueued = q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    await settle();
    await q.queue.discard('a');
    held.resolve(fail('server', 500));
    expect(await enqueued).toEqual(fail('server', 500));
    expect(q.stored()).toEqual([]);
  });

  test('nextDueAt is the earliest pending nextAttemptAt, or null', async () => {
    expect(await setup().queue.nextDueAt()).toBeNull();
    expect(await setup({ initial: [failed] }).queue.nextDueAt()).toBeNull();
    const q = setup({
      initial: [
        item('x', { nextAttemptAt: T0 + 5_000 }),
        item('y', { state: 'failed', nextAttemptAt: T0 - 1 }),
        item('z', { nextAttemptAt: T0 + 3_000 }),
        item('w', { nextAttemptAt: T0 + 4_000 }),
      ],
    });
    expect(await q.queue.nextDueAt()).toBe(T0 + 3_000);
  });
});

describe('onChange', () => {
  test('is told the list after every change, right after it is stored', async () => {
    const q = setup({
      initial: [item('f', { state: 'failed', nextAttemptAt: Number.POSITIVE_INFINITY })],
      steps: [fail('offline', 0), ok(1), ok(2)],
      random: 0,
    });
    await q.queue.enqueue({ key: 'a', payload: { n: 1 }, label: 'A' });
    await q.queue.enqueue({ key: 'b', payload: { n: 2 }, label: 'B' });
    await q.queue.drain(true);
    await q.queue.discard('f');

    expect(q.changes).toEqual(q.writes);
    expect(q.log).toEqual([
      'store [f,a]',
      'change [f,a]',
      'send a',
      'store [f,a]',
      'change [f,a]',
      'store [f,a,b]',
      'change [f,a,b]',
      'send b',
      'store [f,a]',
      'change [f,a]',
      'delivered b',
      'send a',
      'store [f]',
      'change [f]',
      'delivered a',
      'store []',
      'change []',
    ]);
    expect(q.changes[1]?.[1]).toMatchObject({ key: 'a', attempts: 1, nextAttemptAt: T0 + 1_000 });
  });
});
