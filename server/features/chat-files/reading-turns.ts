/** Too many are already waiting for a turn: all of them, or this caller's own. */
export class NoTurnLeft extends Error {
  constructor(readonly whose: 'all' | 'own') {
    super(whose === 'own' ? 'Too many of your own are waiting' : 'Too many are waiting');
  }
}

export interface TurnLimits {
  /** How many run at a time. */
  atOnce: number;
  /** How many of one caller's may wait. */
  waitingEach: number;
  /** How many may wait in all. */
  waiting: number;
}

/**
 * Turns at something costly, shared fairly between callers (`who`, e.g. a user id): at most `atOnce`
 * run at a time, and a freed turn goes to the waiting caller with the fewest running (the first to come
 * among them), so one caller's backlog never holds up another's, while a caller alone may use every
 * turn. A call past its caller's or everyone's waiting room is refused at once (NoTurnLeft) rather
 * than left waiting without end.
 */
export function createTurns({ atOnce, waitingEach, waiting: maxWaiting }: TurnLimits) {
  let running = 0;
  const runningOf = new Map<string, number>();
  const waiting: { who: string; start: () => void }[] = [];
  const add = (counts: Map<string, number>, who: string, by: number) => {
    const count = (counts.get(who) ?? 0) + by;
    if (count) counts.set(who, count);
    else counts.delete(who);
  };
  const take = (who: string) => {
    running++;
    add(runningOf, who, 1);
  };
  // A turn that ends goes straight to the chosen waiting call, so no newcomer can take it in between.
  const release = (who: string) => {
    running--;
    add(runningOf, who, -1);
    let chosen = -1;
    for (const [index, call] of waiting.entries()) {
      const least = chosen < 0 ? Number.POSITIVE_INFINITY : (runningOf.get(waiting[chosen]?.who ?? '') ?? 0);
      if ((runningOf.get(call.who) ?? 0) < least) chosen = index;
    }
    const [next] = chosen < 0 ? [] : waiting.splice(chosen, 1);
    if (!next) return;
    take(next.who);
    next.start();
  };
  return async function inTurn<T>(who: string, work: () => Promise<T>): Promise<T> {
    if (running < atOnce) take(who);
    else if (waiting.filter((call) => call.who === who).length >= waitingEach) throw new NoTurnLeft('own');
    else if (waiting.length >= maxWaiting) throw new NoTurnLeft('all');
    else await new Promise<void>((start) => waiting.push({ who, start }));
    try {
      return await work();
    } finally {
      release(who);
    }
  };
}
