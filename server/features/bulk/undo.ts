import { eq, type SQL, sql } from 'drizzle-orm';
import { isBulkJobActive } from '../../../lib/api/bulk-contract';
import type { Db } from '../../db/client';
import { bulkJobs } from '../../db/schema';
import type { BulkJobRow } from '../../db/types';
import { ApiError } from '../../http/errors';
import { getOwnedJob } from './jobs';

/** The items the job changed (aliased `i`). */
const applied = (jobId: number) => sql`i.job_id = ${jobId} AND i.applied`;

function restoreStatement(job: BulkJobRow): SQL {
  const setGems = (set: SQL) =>
    sql`UPDATE gems g SET ${set} FROM bulk_job_items i WHERE ${applied(job.id)} AND g.id = i.gem_id`;
  switch (job.action) {
    case 'move':
      // back to its collection, or to Unfiltered if that collection was deleted since
      return setGems(sql`collection_id = coalesce(
          (SELECT c.id FROM collections c WHERE c.id = i.collection_id),
          (SELECT u.unfiltered_collection_id FROM users u WHERE u.id = g.owner_id)),
        sort_key = i.sort_key, updated_at = now()`);
    case 'favourite':
    case 'unfavourite':
      return setGems(sql`is_favourite = i.is_favourite`);
    case 'trash':
    case 'restore':
      return setGems(sql`deleted_at = i.deleted_at`);
    case 'tag':
    case 'tag-suggested':
      return sql`DELETE FROM gem_tags gt USING bulk_job_items i
        WHERE ${applied(job.id)} AND gt.gem_id = i.gem_id AND gt.tag_id = ANY(i.tag_ids)`;
    case 'untag':
      // a tag deleted since is not brought back
      return sql`INSERT INTO gem_tags (gem_id, tag_id)
        SELECT i.gem_id, t.id FROM bulk_job_items i CROSS JOIN LATERAL unnest(i.tag_ids) AS u(tag_id)
        JOIN tags t ON t.id = u.tag_id
        WHERE ${applied(job.id)} ON CONFLICT DO NOTHING`;
  }
}

/**
 * Puts back what the job changed, in one transaction. A job still being worked, or undone already, is a 409; the
 * job's row is locked first, so a batch in progress ends before the check.
 */
export async function undoJob(db: Db, userId: number, id: number): Promise<BulkJobRow> {
  return db.transaction(async (tx) => {
    await getOwnedJob(tx, userId, id);
    const [job] = await tx.select().from(bulkJobs).where(eq(bulkJobs.id, id)).for('update');
    if (!job) throw new Error('bulk job vanished');
    if (isBulkJobActive(job))
      throw new ApiError(409, `The job is still running (${job.done} of ${job.total} done): undo it when it ends`);
    if (job.status === 'undone') throw new ApiError(409, 'The job was undone already');
    await tx.execute(restoreStatement(job));
    const [row] = await tx
      .update(bulkJobs)
      .set({ status: 'undone', updatedAt: new Date() })
      .where(eq(bulkJobs.id, id))
      .returning();
    if (!row) throw new Error('bulk job vanished');
    return row;
  });
}
