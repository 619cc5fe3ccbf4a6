import { eq, sql } from 'drizzle-orm';
import type { VectorStatus } from '../../../lib/api/embeddings-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { embeddingJobs } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { collectionSubtree } from '../search/filters';
import { libraryGemsCondition } from '../search/readable';
import { requeueChanged } from './backfill';
import { getEmbeddingModel, toEmbeddingModel } from './embedding-model';
import { vectorsAvailable } from './vector-support';

/** The user's model, the library's gems (in a collection and below when asked) and how many are embedded, the job. */
export async function vectorStatus(db: Db, userId: number, collectionId?: number): Promise<VectorStatus> {
  const scope = collectionId === undefined ? sql`true` : await collectionSubtree(db, userId, collectionId);
  const [available, model, [job]] = await Promise.all([
    vectorsAvailable(db),
    getEmbeddingModel(db, userId),
    db.select().from(embeddingJobs).where(eq(embeddingJobs.userId, userId)),
  ]);
  const embedded = model
    ? sql`count(*) FILTER (WHERE EXISTS (SELECT 1 FROM gem_passage_vectors v WHERE v.model_key = ${model.modelKey}
        AND v.gem_id = g.id AND v.idx = 0 AND v.source_updated_at = g.updated_at))`
    : sql`0`;
  const [counts] = await selectRows<{ gems: number | string; embedded: number | string }>(
    db,
    sql`SELECT count(*) AS gems, ${embedded} AS embedded FROM gems g WHERE ${libraryGemsCondition(userId)} AND ${scope}`,
  );
  return {
    available,
    model: model ? toEmbeddingModel(model) : null,
    gems: Number(counts?.gems ?? 0),
    embeddedGems: Number(counts?.embedded ?? 0),
    job: job
      ? {
          status: job.status,
          gemsDone: job.gemsDone,
          passagesEmbedded: job.passagesEmbedded,
          error: job.error,
          updatedAt: job.updatedAt.toISOString(),
        }
      : null,
  };
}

/**
 * Embeds what is new or changed now: a finished job whose library changed is queued again, a failed one starts over
 * its failures, a waiting one is due at once (its lease, if a worker holds it, is left alone).
 */
export async function syncNow(db: Db, userId: number): Promise<void> {
  if (!(await vectorsAvailable(db))) throw new ApiError(503, 'This server’s database has no vector support (pgvector)');
  if (!(await getEmbeddingModel(db, userId))) throw new ApiError(400, 'Choose an embedding model first');
  await requeueChanged(db, userId);
  await db.execute(sql`UPDATE embedding_jobs SET not_before = now(), failures = 0, updated_at = now(),
      status = CASE WHEN status = 'failed' THEN 'queued' ELSE status END
    WHERE user_id = ${userId} AND status <> 'done'`);
}
