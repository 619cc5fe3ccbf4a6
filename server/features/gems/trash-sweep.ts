import type { Db } from '../../db/client';
import { startPeriodic } from '../../periodic';
import type { FileStore } from '../../storage/file-store';
import { type Clock, sweepTrash } from './trash';

/** How often trashed gems past TRASH_DAYS are deleted for good: a gem outlives its 30 days by an hour at most. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/** The trash sweep: now (start-up) and every TRASH_SWEEP_MS; `stop()` as startPeriodic's. */
export function startTrashSweep(db: Db, store: FileStore, clock: Clock) {
  const sweep = async () => {
    const count = await sweepTrash(db, store, clock);
    if (count) console.log(`[trove] deleted ${count} gem(s) from the trash for good (trashed over 30 days ago)`);
  };
  return startPeriodic(sweep, TRASH_SWEEP_MS, 'emptying the trash of old gems');
}
