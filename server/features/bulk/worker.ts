import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkJobs } from '../../db/schema';
import { workerSet } from '../../jobs/batch-worker';
import { applyBatch, finish } from './apply';

/**
 * Gems changed per transaction by the worker. A commit costs more than the rows on PGlite with durable writes:
 * 10,000 gems tagged in batches of 500 took 8.7 s of commits and statements, in batches of 2,000 3.5 s (bench/bulk-bench.ts).
 */
export const BULK_BATCH = 2_000;

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

const workers = workerSet();

/** Wakes this process's workers at once (a job was just queued) instead of at their next look. */
export const kickBulkWorkers = () => workers.kickAll();

/** The server's bulk worker: batch after batch until no job is left, then a look every `pollMs` or when kicked. */
export function startBulkWorker(db: Db, { pollMs, batch = BULK_BATCH }: { pollMs?: number; batch?: number } = {}) {
  return workers.start(() => workOneBatch(db, batch), pollMs);
}
