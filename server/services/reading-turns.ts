/** Too many are already waiting for a turn. */
export class NoTurnLeft extends Error {}

/**
 * Turns at something costly: at most `atOnce` run at a time, at most `maxWaiting` wait (first come, first
 * served), and a call past that is refused at once (NoTurnLeft) rather than left waiting without end.
 */
export function createTurns(atOnce: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A turn that ends goes straight to the first waiting call, so no newcomer can take it in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < atOnce) running++;
    else if (waiting.length >= maxWaiting) throw new NoTurnLeft();
    else await new Promise<void>((start) => waiting.push(start));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
