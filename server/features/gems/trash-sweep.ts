import type { Db } from '../../db/client';
import { startPeriodic } from '../../periodic';
import type { FileStore } from '../../storage/file-store';
import { type Clock, sweepTrash } from './trash';

/** How often trashed gems past TRASH_DAYS are deleted for good: a gem outlives its 30 days by an hour at most. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/**
 * The trash sweep: once before the server answers (so a restarted server never serves a gem past its 30 days), then
 * every TRASH_SWEEP_MS; `stop()` as startPeriodic's.
 */
export async function startTrashSweep(db: Db, store: FileStore, clock: Clock) {
  const sweep = async () => {
    const count = await sweepTrash(db, store, clock);
    if (count) console.log(`[trove] deleted ${count} gem(s) from the trash for good (trashed over 30 days ago)`);
  };
  await sweep().catch((error: unknown) => console.error('[trove] emptying the trash of old gems failed:', error));
  let first = true;
  return startPeriodic(
    async () => {
      if (first)
        first = false; // startPeriodic runs at once: that run was the one above
      else await sweep();
    },
    TRASH_SWEEP_MS,
    'emptying the trash of old gems',
  );
}
