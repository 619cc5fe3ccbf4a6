import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { bulkJobs } from '../../db/schema';
import type { BulkJobRow, Tx } from '../../db/types';

/**
 * One batch of a job: up to `limit` of its gems not yet changed are changed, each item recording the gem's
 * before-state in the same statement (data-modifying CTEs read the rows as they were before it), then the job's
 * progress. The caller holds the job's row lock, so no one else works the same job meanwhile.
 */
export async function applyBatch(tx: Tx, job: BulkJobRow, limit: number): Promise<BulkJobRow> {
  if (job.action === 'move' && job.collectionId === null)
    return finish(tx, job, 'failed', 'The collection to move the gems to was deleted');
  const batch = sql`batch AS (
    SELECT gem_id FROM bulk_job_items WHERE job_id = ${job.id} AND NOT applied ORDER BY gem_id LIMIT ${limit})`;
  const [row] = await selectRows<{ n: number | string }>(tx as unknown as Db, statementFor(job, batch));
  const changed = Number(row?.n ?? 0);
  const [left] = await selectRows<{ left: boolean }>(
    tx as unknown as Db,
    sql`SELECT EXISTS (SELECT 1 FROM bulk_job_items WHERE job_id = ${job.id} AND NOT applied) AS left`,
  );
  const [updated] = await tx
    .update(bulkJobs)
    .set({
      done: sql`${bulkJobs.done} + ${changed}`,
      status: left?.left ? 'running' : 'done',
      // gems deleted meanwhile took their items with them: the finished job counts the gems it changed
      ...(left?.left ? {} : { total: sql`${bulkJobs.done} + ${changed}` }),
      updatedAt: new Date(),
    })
    .where(eq(bulkJobs.id, job.id))
    .returning();
  if (!updated) throw new Error('bulk job vanished');
  return updated;
}

export async function finish(tx: Tx | Db, job: BulkJobRow, status: 'failed' | 'done', error?: string) {
  const [updated] = await tx
    .update(bulkJobs)
    .set({ status, error: error ?? null, updatedAt: new Date() })
    .where(eq(bulkJobs.id, job.id))
    .returning();
  return updated ?? job;
}

/** Marks the batch's items applied with the gems' state before the change (joined as `g`). */
const markApplied = (jobId: number, extra: SQL = sql``, from: SQL = sql`batch b`) => sql`marked AS (
  UPDATE bulk_job_items i SET applied = true, collection_id = g.collection_id, sort_key = g.sort_key,
    is_favourite = g.is_favourite, deleted_at = g.deleted_at ${extra}
  FROM ${from} JOIN gems g ON g.id = b.gem_id
  WHERE i.job_id = ${jobId} AND i.gem_id = b.gem_id RETURNING i.gem_id)`;

const tagList = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

function statementFor(job: BulkJobRow, batch: SQL): SQL {
  const count = sql`SELECT count(*) AS n FROM marked`;
  const setGems = (set: SQL) => sql`WITH ${batch}, ${markApplied(job.id)},
    changed AS (UPDATE gems g SET ${set} FROM batch b WHERE g.id = b.gem_id RETURNING 1)
    ${count}`;
  switch (job.action) {
    case 'move':
      return setGems(sql`collection_id = ${job.collectionId}, sort_key = NULL, updated_at = now()`);
    case 'favourite':
    case 'unfavourite':
      return setGems(sql`is_favourite = ${job.action === 'favourite'}`);
    case 'trash':
      return setGems(sql`deleted_at = coalesce(g.deleted_at, now())`);
    case 'restore':
      return setGems(sql`deleted_at = NULL`);
    case 'tag':
      // the tags each gem lacks are what the job adds, and what its undo removes. One row per gem of the batch, its
      // array made beside it: a join of the batch with a grouped CTE was planned as a nested loop (the items are too
      // new for statistics), 2,000 × 2,000 comparisons, 6 s a batch on PostgreSQL.
      return sql`WITH ${batch},
        missing AS (
          SELECT b.gem_id, ARRAY(
            SELECT t.id FROM tags t WHERE t.id = ANY(${tagList(job.tagIds)}) AND t.owner_id = ${job.ownerId}
              AND NOT EXISTS (SELECT 1 FROM gem_tags gt WHERE gt.gem_id = b.gem_id AND gt.tag_id = t.id)
            ORDER BY t.id) AS tag_ids
          FROM batch b),
        ${markApplied(job.id, sql`, tag_ids = b.tag_ids`, sql`missing b`)},
        added AS (
          INSERT INTO gem_tags (gem_id, tag_id) SELECT m.gem_id, unnest(m.tag_ids) FROM missing m
          ON CONFLICT DO NOTHING RETURNING 1)
        ${count}`;
    case 'tag-suggested':
      // as `tag`, but each gem's own tags (written on its item when the job was made), recorded as added by the AI
      return sql`WITH ${batch},
        missing AS (
          SELECT b.gem_id, ARRAY(
            SELECT t.id FROM tags t WHERE t.id = ANY(coalesce(i.tag_ids, '{}')) AND t.owner_id = ${job.ownerId}
              AND NOT EXISTS (SELECT 1 FROM gem_tags gt WHERE gt.gem_id = b.gem_id AND gt.tag_id = t.id)
            ORDER BY t.id) AS tag_ids
          FROM batch b JOIN bulk_job_items i ON i.job_id = ${job.id} AND i.gem_id = b.gem_id),
        ${markApplied(job.id, sql`, tag_ids = b.tag_ids`, sql`missing b`)},
        added AS (
          INSERT INTO gem_tags (gem_id, tag_id, added_by_ai) SELECT m.gem_id, unnest(m.tag_ids), true FROM missing m
          ON CONFLICT DO NOTHING RETURNING 1)
        ${count}`;
    case 'untag':
      return sql`WITH ${batch},
        present AS (
          SELECT b.gem_id, ARRAY(
            SELECT gt.tag_id FROM gem_tags gt WHERE gt.gem_id = b.gem_id AND gt.tag_id = ANY(${tagList(job.tagIds)})
            ORDER BY gt.tag_id) AS tag_ids
          FROM batch b),
        ${markApplied(job.id, sql`, tag_ids = b.tag_ids`, sql`present b`)},
        removed AS (
          DELETE FROM gem_tags gt USING present p WHERE gt.gem_id = p.gem_id AND gt.tag_id = ANY(p.tag_ids) RETURNING 1)
        ${count}`;
  }
}
