import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkJobs } from '../../db/schema';
import { applyBatch, finish } from './apply';

/**
 * Gems changed per transaction by the worker. A commit costs more than the rows on PGlite with durable writes:
 * 10,000 gems tagged in batches of 500 took 8.7 s of commits and statements, in batches of 2,000 3.5 s (bench/bulk-bench.ts).
 */
export const BULK_BATCH = 2_000;
/** How often an idle worker looks for jobs (queued by another server copy, or left by a stopped one). */
const POLL_MS = 5_000;

/**
 * One batch of the oldest job still to be worked, in one transaction that holds the job's row lock: the job is
 * claimed with FOR UPDATE SKIP LOCKED, so several server copies (or several workers) each take a different job and
 * a job left half done by a stopped server is taken up again. False when there is nothing to do.
 */
export async function workOneBatch(db: Db, batch = BULK_BATCH): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(bulkJobs)
        .where(sql`${bulkJobs.status} IN ('queued', 'running')`)
        .orderBy(bulkJobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      try {
        await tx.transaction(async (inner) => {
          await applyBatch(inner, job, batch);
        });
      } catch (error) {
        // the batch's savepoint is rolled back; the job stops rather than fail again at every look
        console.error(`[trove] bulk job ${job.id} failed:`, error);
        await finish(tx, job, 'failed', 'The server could not finish this job');
      }
      return true;
    })
    .catch((error: unknown) => {
      console.error('[trove] a bulk job batch failed:', error);
      return false;
    });
}

const workers = new Set<{ kick(): void }>();

/** Wakes this process's workers at once (a job was just queued) instead of at their next look. */
export function kickBulkWorkers() {
  for (const worker of workers) worker.kick();
}

/**
 * The server's bulk worker: works jobs batch by batch until none is left, then looks again every POLL_MS or when
 * kicked. Started at once, so unfinished jobs resume after a restart. `stop()` waits for the batch in progress.
 */
export function startBulkWorker(db: Db, { pollMs = POLL_MS, batch = BULK_BATCH } = {}) {
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const loop = async () => {
    do {
      again = false;
      while (!stopped && (await workOneBatch(db, batch))) {}
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
  const worker = { kick: run };
  workers.add(worker);
  run();
  return {
    async stop() {
      stopped = true;
      workers.delete(worker);
      clearTimeout(timer);
      await running;
    },
  };
}
