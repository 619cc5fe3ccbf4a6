import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema';
import type { Tx } from '../../db/types';
import { workerSet } from '../../jobs/batch-worker';
import { queuePageFills } from '../links/link-checks';
import { kickLinkWorkers } from '../links/link-worker';
import { applyImportBatch } from './apply';

/** Items imported per transaction. */
export const IMPORT_BATCH = 500;

/**
 * One batch of the oldest import still to be worked, in one transaction holding the job's row lock (FOR UPDATE SKIP
 * LOCKED: server copies take different jobs; a job left by a stopped server is taken up again where it was). A
 * batch that fails stops its job with an error rather than failing again at every look. False when there is
 * nothing to do.
 */
export async function workOneImportBatch(db: Db, batch = IMPORT_BATCH): Promise<boolean> {
  let finished = false;
  const worked = await db
    .transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(importJobs)
        .where(sql`${importJobs.status} in ('queued', 'running')`)
        .orderBy(importJobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      try {
        await tx.transaction(async (inner) => {
          await applyImportBatch(inner, job, batch);
          finished = await finishedJob(inner, job.id);
          // The pages of its new gems are fetched afterwards by the link worker, never holding the import up (nor
          // failing it: the queueing has a savepoint of its own).
          if (finished)
            await inner
              .transaction((fills) => queuePageFills(fills, job.id))
              .catch((error: unknown) => console.error(`[trove] import ${job.id}: its pages were not queued:`, error));
        });
      } catch (error) {
        console.error(`[trove] import ${job.id} failed:`, error);
        await tx
          .update(importJobs)
          .set({ status: 'failed', error: 'The server could not finish this import', updatedAt: new Date() })
          .where(sql`${importJobs.id} = ${job.id}`);
      }
      return true;
    })
    .catch((error: unknown) => {
      console.error('[trove] an import batch failed:', error);
      return false;
    });
  if (finished) kickLinkWorkers();
  return worked;
}

async function finishedJob(tx: Tx, jobId: number): Promise<boolean> {
  const [row] = await tx.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, jobId));
  return row?.status === 'done';
}

const workers = workerSet();

/** Wakes this process's import workers at once (an import was just staged). */
export const kickImportWorkers = () => workers.kickAll();

export function startImportWorker(db: Db, { pollMs, batch = IMPORT_BATCH }: { pollMs?: number; batch?: number } = {}) {
  return workers.start(() => workOneImportBatch(db, batch), pollMs);
}
