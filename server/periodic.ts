/**
 * Runs `task` now and then every `everyMs` after the previous run ended, one run at a time; a failed
 * run is logged as `what` and the next one still comes. `stop()` ends the timer and waits for a run in
 * progress (so the database it uses can close after it).
 */
export function startPeriodic(task: () => Promise<void>, everyMs: number, what: string) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = task()
      .catch((error: unknown) => console.error(`[trove] ${what} failed:`, error))
      .finally(schedule);
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, everyMs);
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
