import { describe, expect, it } from 'vitest';
import { createTurns, NoTurnLeft } from '../../server/services/reading-turns';

/** A piece of work that runs until it is told to end, recording how many run at once. */
function gate(counter: { now: number; most: number }) {
  let end = () => {};
  const work = () =>
    new Promise<string>((resolve) => {
      counter.now++;
      counter.most = Math.max(counter.most, counter.now);
      end = () => {
        counter.now--;
        resolve('done');
      };
    });
  return { work, end: () => end() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createTurns', () => {
  it('runs at most `atOnce` at a time, the rest in the order they came, and refuses past `maxWaiting`', async () => {
    const inTurn = createTurns(2, 2);
    const counter = { now: 0, most: 0 };
    const gates = Array.from({ length: 4 }, () => gate(counter));
    const started: number[] = [];
    const results = gates.map((g, i) =>
      inTurn(() => {
        started.push(i);
        return g.work();
      }),
    );
    await expect(inTurn(async () => 'fifth')).rejects.toBeInstanceOf(NoTurnLeft);
    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]?.end();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer now waits behind the one already waiting: the freed turn went to call 3 only when 0 ends.
    const late = inTurn(async () => 'late');
    gates[0]?.end();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]?.end();
    gates[3]?.end();
    expect(await Promise.all([...results, late])).toEqual(['done', 'done', 'done', 'done', 'late']);
    expect(counter.most).toBe(2);
  });

  it('gives the turn back when the work fails', async () => {
    const inTurn = createTurns(1, 0);
    await expect(
      inTurn(async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(await inTurn(async () => 'next')).toBe('next');
  });
});
