import { describe, expect, it } from 'vitest';
import { Generation, Generations } from '../../server/features/answers/generations';
import { newLeaseSettings } from '../../server/features/answers/leases';

/** An answer that runs until it is aborted. */
const untilAborted = (generation: Generation) => () =>
  new Promise<void>((resolve) => {
    const { signal } = generation.controller;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve());
  });

describe('Generations', () => {
  it('finds a generation by its message id while it runs, and forgets it when it is finished', async () => {
    const generations = new Generations(newLeaseSettings(30));
    const generation = new Generation();
    generations.start(7, generation, untilAborted(generation));
    expect(generations.get(7)).toBe(generation);
    generation.controller.abort();
    await generation.finished;
    expect(generations.get(7)).toBeUndefined();
  });

  it('shutdown ends the answers in flight, and one whose question was stored only after it began', async () => {
    const generations = new Generations(newLeaseSettings(30));
    const running = new Generation();
    generations.start(1, running, untilAborted(running));
    // Its provider was asked before the server began stopping; its question's store ends after.
    const storing = new Generation();
    const stopped = generations.shutdown();
    expect(running.controller.signal.aborted).toBe(true);
    generations.start(2, storing, untilAborted(storing));
    expect(storing.controller.signal.aborted).toBe(true);
    await stopped;
    await storing.finished;
  });
});
