/** How often an idle worker looks for work (queued by another server copy, or left by a stopped one). */
const POLL_MS = 5_000;

export interface BatchWorker {
  /** Look for work at once (a job was just queued) instead of at the next look. */
  kick(): void;
  /** Stops looking; waits for the batch in progress. */
  stop(): Promise<void>;
}

/**
 * A server's worker for one kind of job: runs `workOneBatch` until it says there is nothing left, then looks again
 * every `pollMs` or when kicked. Started at once, so jobs left unfinished by a stopped server resume.
 */
export function startBatchWorker(workOneBatch: () => Promise<boolean>, pollMs = POLL_MS): BatchWorker {
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const loop = async () => {
    do {
      again = false;
      while (!stopped && (await workOneBatch())) {}
    } while (again && !stopped);
  };
  const run = () => {
    clearTimeout(timer);
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(run, pollMs);
    });
  };
  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The workers of one kind started in this process, to wake when a job of that kind is queued. */
export function workerSet() {
  const workers = new Set<BatchWorker>();
  return {
    start(workOneBatch: () => Promise<boolean>, pollMs?: number): BatchWorker {
      const worker = startBatchWorker(workOneBatch, pollMs);
      workers.add(worker);
      return {
        kick: worker.kick,
        stop: () => {
          workers.delete(worker);
          return worker.stop();
        },
      };
    },
    kickAll() {
      for (const worker of workers) worker.kick();
    },
  };
}
