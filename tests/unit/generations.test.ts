import { describe, expect, it } from 'vitest';
import { Generation, Generations } from '../../server/ai/generations';
import { newLeaseSettings } from '../../server/ai/leases';

/** An answer that runs until it is aborted. */
const untilAborted = (generation: Generation) => () =>
  new Promise<void>((resolve) => generation.controller.signal.addEventListener('abort', () => resolve()));

describe('Generations', () => {
  it('finds a generation by its message id once registered, and forgets it when it is finished', async () => {
    const generations = new Generations(newLeaseSettings(30));
    const generation = new Generation();
    generations.start(generation, untilAborted(generation));
    expect(generations.get(7)).toBeUndefined();
    generations.register(7, generation);
    expect(generations.get(7)).toBe(generation);
    generation.controller.abort();
    await generation.finished;
    await Promise.resolve();
    expect(generations.get(7)).toBeUndefined();
  });

  it('shutdown ends the answers in flight, and one whose question is stored only after it began', async () => {
    const generations = new Generations(newLeaseSettings(30));
    const registered = new Generation();
    generations.start(registered, untilAborted(registered));
    generations.register(1, registered);
    const storing = new Generation();
    generations.start(storing, untilAborted(storing));
    const stopped = generations.shutdown();
    expect(registered.controller.signal.aborted).toBe(true);
    // Its question's store finishes after the server began stopping.
    generations.register(2, storing);
    expect(storing.controller.signal.aborted).toBe(true);
    await stopped;
  });
});
