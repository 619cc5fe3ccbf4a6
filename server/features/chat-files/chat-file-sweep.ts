import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { startPeriodic } from '../../periodic';
import type { FileStore } from '../../storage/file-store';
import { fileNameOf } from '../uploads/upload-files';

/**
 * How long a chat file no chat has claimed is kept. A temporary chat never claims its files: it sends
 * their ids again with every message for as long as it is open, so this must outlast any temporary
 * chat (and a file attached in a composer and not yet sent) by far; a day does, and bounds what a
 * temporary chat leaves behind.
 */
export const UNCLAIMED_CHAT_FILE_HOURS = 24;
/** How often the sweep runs: often enough that nothing outlives the bound by much more than this. */
export const CHAT_FILE_SWEEP_MS = 60 * 60 * 1000;
/** Rows deleted per statement, so one sweep after a long pause does not hold a huge delete. */
const BATCH = 500;

/**
 * Deletes the chat files no chat claimed (gem_id null: never sent in a saved chat, or their chat went
 * another way than deleteGem) uploaded more than `hours` ago by the database clock: each row, then
 * its stored file. A row is deleted by one statement only, so with several server copies each file is
 * removed once, and a file claimed at the same moment is either claimed or gone, never half.
 * Returns how many were deleted.
 */
export async function sweepUnclaimedChatFiles(db: Db, store: FileStore, hours = UNCLAIMED_CHAT_FILE_HOURS) {
  let total = 0;
  for (;;) {
    const stale = db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          eq(uploads.purpose, 'chat'),
          isNull(uploads.gemId),
          lt(uploads.createdAt, sql`now() - make_interval(hours => ${hours}::int)`),
        ),
      )
      .limit(BATCH);
    const deleted = await db
      .delete(uploads)
      .where(and(inArray(uploads.id, stale), isNull(uploads.gemId)))
      .returning({ key: uploads.key, mime: uploads.mime });
    const removals = await Promise.allSettled(deleted.map((row) => store.delete(fileNameOf(row))));
    for (const [index, removal] of removals.entries()) {
      // Its row is gone, so nothing reaches the file any more; it is only left in the store.
      if (removal.status === 'rejected')
        console.error(
          `[trove] removing the unclaimed chat file ${fileNameOf(deleted[index] as (typeof deleted)[number])} failed:`,
          removal.reason,
        );
    }
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/** The sweep of unclaimed chat files: now (start-up) and every CHAT_FILE_SWEEP_MS; `stop()` as startPeriodic's. */
export function startChatFileSweep(db: Db, store: FileStore) {
  const sweep = async () => {
    const count = await sweepUnclaimedChatFiles(db, store);
    if (count)
      console.log(`[trove] deleted ${count} chat file(s) no chat claimed within ${UNCLAIMED_CHAT_FILE_HOURS} hours`);
  };
  return startPeriodic(sweep, CHAT_FILE_SWEEP_MS, 'deleting unclaimed chat files');
}
