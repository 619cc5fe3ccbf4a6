import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { workerSet } from '../../jobs/batch-worker';
import { requeueChanged, workOneEmbeddingBatch } from './backfill';
import type { EmbeddingWorkSettings } from './work-settings';

/** How often a server looks for libraries changed since they were embedded. */
const SWEEP_MS = 60_000;

const workers = workerSet();

/** Wakes this process's embedding workers at once (a model was chosen, or a sync asked for). */
export const kickEmbeddingWorkers = () => workers.kickAll();

/**
 * One batch at a time (concurrency 1 per server; a job is held by one worker across copies), the users' rates kept by
 * the jobs' `notBefore`, and once a minute the libraries changed since they were embedded queued again.
 */
export function startEmbeddingWorker(db: Db, ai: Deps['ai'], settings: EmbeddingWorkSettings) {
  let lastSweep = 0;
  return workers.start(async () => {
    if (await workOneEmbeddingBatch(db, ai, settings)) return true;
    if (Date.now() - lastSweep < SWEEP_MS) return false;
    lastSweep = Date.now();
    return (await requeueChanged(db).catch(() => 0)) > 0;
  }, settings.pollMs);
}
