/**
 * The background job that embeds a user's library (one row per user in `embedding_jobs`): gems are taken in id order
 * after the job's cursor, a batch at a time, their passages cut (gem-passages.ts) and only those whose text is new
 * embedded (a passage with the same text keeps its vector), then written with the cursor moved past them in one
 * transaction. A worker holds the job by a lease; a server killed mid-batch leaves the lease to run out and the batch
 * to be done again by the next worker, which finds the same gems after the same cursor: nothing is embedded twice
 * once written, and nothing is skipped. Each batch waits its turn by the user's rate (`notBefore`).
 */
import { sql } from 'drizzle-orm';
import { embedTexts } from '../../ai/embeddings';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { libraryGemsCondition } from '../search/readable';
import { userEmbedder } from './embedding-model';
import { type GemForEmbedding, type PassageToEmbed, passagesToEmbed } from './gem-passages';
import { vectorLiteral } from './vector-support';
import type { EmbeddingWorkSettings } from './work-settings';

/** After this many failed batches in a row the job stops (status `failed`) until the user syncs again. */
const MAX_FAILURES = 5;

type Ai = Deps['ai'];

interface ClaimedJob {
  userId: number;
  modelKey: string;
  cursor: number;
  /** The lease as the database wrote it: every write of this batch is made only while it still holds. */
  lease: string;
}

/** The gems of the user's library (theirs and shared with them) whose passages have no current vector of the model. */
export const staleGemsCondition = (userId: number, modelKey: string) => sql`${libraryGemsCondition(userId)}
  AND NOT EXISTS (SELECT 1 FROM gem_passage_vectors v
    WHERE v.model_key = ${modelKey} AND v.gem_id = g.id AND v.idx = 0 AND v.source_updated_at = g.updated_at)`;

/** Takes the job due first whose lease is free (SKIP LOCKED: server copies take different jobs). */
async function claimJob(db: Db, leaseSeconds: number): Promise<ClaimedJob | undefined> {
  const [row] = await selectRows<{ user_id: number; model_key: string; cursor: number; lease: string }>(
    db,
    sql`UPDATE embedding_jobs SET status = 'running', updated_at = now(),
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      WHERE user_id = (SELECT user_id FROM embedding_jobs
        WHERE status IN ('queued', 'running') AND not_before <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY not_before, user_id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING user_id, model_key, cursor, lease_until::text AS lease`,
  );
  return row && { userId: row.user_id, modelKey: row.model_key, cursor: row.cursor, lease: row.lease };
}

const held = (job: ClaimedJob) => sql`user_id = ${job.userId} AND lease_until::text = ${job.lease}`;

/** The next gems after the cursor, cut into passages, as many as fit one batch (at least one gem). */
async function nextGems(db: Db, job: ClaimedJob, settings: EmbeddingWorkSettings) {
  const rows = await selectRows<{
    id: number;
    title: string;
    description: string;
    text: string | null;
    updated_at: string | Date;
  }>(
    db,
    sql`SELECT g.id, g.title, g.description, g.text, g.updated_at FROM gems g
      WHERE ${staleGemsCondition(job.userId, job.modelKey)} AND g.id > ${job.cursor}
      ORDER BY g.id LIMIT ${settings.batchGems}`,
  );
  const passages: PassageToEmbed[] = [];
  const gems: GemForEmbedding[] = [];
  for (const row of rows) {
    const gem = { ...row, updatedAt: new Date(row.updated_at) };
    const cut = passagesToEmbed(gem);
    if (gems.length && passages.length + cut.length > settings.batchPassages) break;
    gems.push(gem);
    passages.push(...cut);
  }
  return { gems, passages };
}

/** The vectors already stored for these gems, by gem and text: a passage whose text did not change keeps its own. */
async function storedVectors(db: Db, modelKey: string, gemIds: number[]): Promise<Map<string, string>> {
  const rows = await selectRows<{ gem_id: number; body_hash: string; embedding: string }>(
    db,
    sql`SELECT gem_id, body_hash, embedding::text AS embedding FROM gem_passage_vectors
      WHERE model_key = ${modelKey} AND gem_id = ANY(${`{${gemIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [`${r.gem_id}:${r.body_hash}`, r.embedding]));
}

/** One batch of a claimed job; what the provider refuses is thrown (an ApiError in plain words). */
async function workBatch(db: Db, ai: Ai, job: ClaimedJob, settings: EmbeddingWorkSettings): Promise<void> {
  const embedder = await userEmbedder(db, ai, job.userId);
  if (!embedder) {
    await db.execute(sql`DELETE FROM embedding_jobs WHERE ${held(job)}`);
    return;
  }
  if (embedder.row.modelKey !== job.modelKey) {
    // the model was changed since the job was read: start again with it
    await db.execute(sql`UPDATE embedding_jobs SET model_key = ${embedder.row.modelKey}, cursor = 0, lease_until = NULL
      WHERE ${held(job)}`);
    return;
  }
  const { gems, passages } = await nextGems(db, job, settings);
  if (!gems.length) {
    await db.execute(sql`UPDATE embedding_jobs SET status = 'done', cursor = 0, lease_until = NULL, failures = 0,
      error = NULL, updated_at = now() WHERE ${held(job)}`);
    return;
  }
  const stored = await storedVectors(
    db,
    job.modelKey,
    gems.map((g) => g.id),
  );
  const missing = passages.filter((p) => !stored.has(`${p.gemId}:${p.hash}`));
  const made = await embedTexts(
    embedder.model,
    embedder.access,
    missing.map((p) => p.body),
  );
  if (made.length !== missing.length || made.some((v) => v.length !== embedder.row.dimensions))
    throw new ApiError(502, `${embedder.access.name} answered vectors of another size than ${embedder.row.dimensions}`);
  const fresh = new Map(missing.map((p, i) => [`${p.gemId}:${p.hash}`, vectorLiteral(made[i] as number[])]));
  const readAt = new Map(gems.map((g) => [g.id, g.updatedAt.toISOString()]));
  const rows = passages.map((p) => ({
    gem_id: p.gemId,
    idx: p.idx,
    s: p.start,
    e: p.end,
    hash: p.hash,
    read_at: readAt.get(p.gemId),
    vec: fresh.get(`${p.gemId}:${p.hash}`) ?? stored.get(`${p.gemId}:${p.hash}`),
  }));
  const ids = `{${gems.map((g) => g.id).join(',')}}`;
  const delay = (missing.length * 60) / settings.passagesPerMinute;
  await db.transaction(async (tx) => {
    const [moved] = await selectRows<{ user_id: number }>(
      tx as unknown as Db,
      sql`UPDATE embedding_jobs SET cursor = ${gems.at(-1)?.id ?? job.cursor}, gems_done = gems_done + ${gems.length},
        passages_embedded = passages_embedded + ${missing.length}, lease_until = NULL, failures = 0, error = NULL,
        not_before = now() + make_interval(secs => ${delay}), updated_at = now()
      WHERE ${held(job)} RETURNING user_id`,
    );
    if (!moved) return; // the lease ran out and another worker has the job: it does these gems again
    await tx.execute(
      sql`DELETE FROM gem_passage_vectors WHERE model_key = ${job.modelKey} AND gem_id = ANY(${ids}::int[])`,
    );
    // Stamped with the gem's version only if it is still the one read (to the millisecond a JS Date holds): a gem
    // changed meanwhile is left without vectors and taken again.
    await tx.execute(sql`
      INSERT INTO gem_passage_vectors (model_key, gem_id, idx, start_char, end_char, body_hash, source_updated_at, embedding)
      SELECT ${job.modelKey}, r.gem_id, r.idx, r.s, r.e, r.hash, g.updated_at, r.vec::vector
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(gem_id int, idx int, s int, e int, hash text, read_at timestamptz, vec text)
      JOIN gems g ON g.id = r.gem_id AND date_trunc('milliseconds', g.updated_at) = r.read_at`);
  });
}

/** A failed batch: told to the user, tried again later (5 s, doubling, at most 10 min), stopped after MAX_FAILURES. */
async function failBatch(db: Db, job: ClaimedJob, message: string) {
  await db.execute(sql`UPDATE embedding_jobs SET failures = failures + 1, error = ${message}, lease_until = NULL,
      status = CASE WHEN failures + 1 >= ${MAX_FAILURES} THEN 'failed' ELSE status END,
      not_before = now() + make_interval(secs => least(600, 5 * power(2, failures))), updated_at = now()
    WHERE ${held(job)}`);
}

/** One batch of the job due first; false when none is due. */
export async function workOneEmbeddingBatch(db: Db, ai: Ai, settings: EmbeddingWorkSettings): Promise<boolean> {
  const job = await claimJob(db, settings.leaseSeconds);
  if (!job) return false;
  try {
    await workBatch(db, ai, job, settings);
  } catch (error) {
    if (!(error instanceof ApiError)) console.error(`[trove] embedding batch of user ${job.userId} failed:`, error);
    await failBatch(db, job, error instanceof ApiError ? error.message : 'The server could not embed these gems').catch(
      (failed: unknown) => console.error('[trove] an embedding job could not be marked failed:', failed),
    );
  }
  return true;
}

/**
 * Jobs that are done but whose library has changed since (a gem saved, edited or newly shared) are queued again, to
 * embed what changed; the sweep runs at most once a minute per server.
 */
export async function requeueChanged(db: Db, userId?: number): Promise<number> {
  const done = await selectRows<{ user_id: number; model_key: string }>(
    db,
    sql`SELECT user_id, model_key FROM embedding_jobs
      WHERE status = 'done' ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}`,
  );
  let queued = 0;
  for (const job of done) {
    const [stale] = await selectRows<{ id: number }>(
      db,
      sql`SELECT g.id FROM gems g WHERE ${staleGemsCondition(job.user_id, job.model_key)} LIMIT 1`,
    );
    if (!stale) continue;
    await db.execute(sql`UPDATE embedding_jobs SET status = 'queued', cursor = 0, not_before = now(), updated_at = now()
      WHERE user_id = ${job.user_id} AND status = 'done'`);
    queued++;
  }
  return queued;
}
