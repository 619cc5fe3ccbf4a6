import { eq, sql } from 'drizzle-orm';
import type { VectorStatus } from '../../../lib/api/embeddings-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { embeddingJobs } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { PASSAGE_CHARS } from '../answers/passages';
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
  // Each gem's passages embedded as it is now (a gem's vectors are replaced all at once, so any means all).
  const vectors = model
    ? sql`(SELECT count(*) FROM gem_passage_vectors v WHERE v.model_key = ${model.modelKey} AND v.gem_id = g.id
        AND v.source_updated_at = g.updated_at)`
    : sql`0`;
  // A gem not embedded yet counts the passages its text fills at least (passages.ts cuts at PASSAGE_CHARS).
  const estimate = sql`greatest(1, ceil((length(g.description) + length(coalesce(g.text, ''))) / ${PASSAGE_CHARS}::numeric))`;
  const [counts] = await selectRows<{
    gems: number | string;
    embedded: number | string;
    passages: number | string;
    total: number | string;
  }>(
    db,
    sql`SELECT count(*) AS gems, count(*) FILTER (WHERE e.n > 0) AS embedded, coalesce(sum(e.n), 0) AS passages,
        coalesce(sum(CASE WHEN e.n > 0 THEN e.n ELSE ${estimate} END), 0) AS total
      FROM gems g CROSS JOIN LATERAL (SELECT ${vectors} AS n) e
      WHERE ${libraryGemsCondition(userId)} AND ${scope}`,
  );
  const gems = Number(counts?.gems ?? 0);
  const embeddedGems = Number(counts?.embedded ?? 0);
  return {
    available,
    model: model ? toEmbeddingModel(model) : null,
    gems,
    embeddedGems,
    passages: {
      embedded: Number(counts?.passages ?? 0),
      total: Number(counts?.total ?? 0),
      exact: embeddedGems === gems,
    },
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
