import { describe, expect, it } from 'vitest';
import { createTurns, NoTurnLeft } from '../../server/features/chat-files/reading-turns';

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
  it('runs at most `atOnce` at a time, the rest in the order they came, and refuses past `waiting`', async () => {
    const inTurn = createTurns({ atOnce: 2, waitingEach: 2, waiting: 2 });
    const counter = { now: 0, most: 0 };
    const gates = Array.from({ length: 4 }, () => gate(counter));
    const started: number[] = [];
    const results = gates.map((g, i) =>
      inTurn('ada', () => {
        started.push(i);
        return g.work();
      }),
    );
    await expect(inTurn('bob', async () => 'fifth')).rejects.toEqual(new NoTurnLeft('all'));
    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]?.end();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer now waits behind the one already waiting: the freed turn went to call 3 only when 0 ends.
    const late = inTurn('ada', async () => 'late');
    gates[0]?.end();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]?.end();
    gates[3]?.end();
    expect(await Promise.all([...results, late])).toEqual(['done', 'done', 'done', 'done', 'late']);
    expect(counter.most).toBe(2);
  });

  it('gives the turn back when the work fails', async () => {
    const inTurn = createTurns({ atOnce: 1, waitingEach: 0, waiting: 0 });
    await expect(
      inTurn('ada', async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(await inTurn('ada', async () => 'next')).toBe('next');
  });

  it("gives a freed turn to the caller with the fewest running, and limits each caller's waiting", async () => {
    const inTurn = createTurns({ atOnce: 2, waitingEach: 3, waiting: 10 });
    const counter = { now: 0, most: 0 };
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const call = (who: string, name: string) => {
      const g = gate(counter);
      gates.set(name, g);
      return inTurn(who, () => {
        started.push(name);
        return g.work();
      });
    };
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => call('ada', name));
    await expect(call('ada', 'a6')).rejects.toEqual(new NoTurnLeft('own'));
    const bob = call('bob', 'b1');
    await settle();
    expect(started).toEqual(['a1', 'a2']);

    gates.get('a1')?.end();
    await settle();
    // ada still has a2 running, bob none: bob's call goes before ada's backlog
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gates.get('a2')?.end();
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const name of ['b1', 'a3', 'a4', 'a5']) {
      gates.get(name)?.end();
      await settle();
    }
    expect(await Promise.all([...flood, bob])).toEqual(Array(6).fill('done'));
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
    expect(counter.most).toBe(2);
  });
});
