import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkJob, BulkJobBody, bulkJobBody } from '../../../lib/api/bulk-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { bulkJobs, collections, NOT_SAVE_MEDIA_TYPES, tags, users } from '../../db/schema';
import type { BulkJobRow, Tx } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { withClause } from '../search/compile';
import { compileSearchFor } from '../search/compile-for';
import { parseQueryText } from '../search/parse-query';
import { applyBatch } from './apply';

type Input = ReturnType<typeof bulkJobBody.parse>;

/** How many of the user's jobs GET /api/bulk-jobs lists. */
const RECENT_JOBS = 20;

export function toBulkJob(row: BulkJobRow): BulkJob {
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    total: row.total,
    done: row.done,
    ...(row.error ? { error: row.error } : {}),
    collectionId: row.collectionId,
    tagIds: row.tagIds,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's job `id`, or a 404 (another user's job is not found either). */
export async function getOwnedJob(db: Db | Tx, userId: number, id: number): Promise<BulkJobRow> {
  const [row] = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.ownerId, userId)));
  if (!row) throw notFound('Bulk job');
  return row;
}

export const listJobs = (db: Db, userId: number) =>
  db.select().from(bulkJobs).where(eq(bulkJobs.ownerId, userId)).orderBy(desc(bulkJobs.id)).limit(RECENT_JOBS);

/** Every tag a `tag-suggested` job gives some gem, once each. */
const assignedTags = (input: Input) => [...new Set((input.assignments ?? []).flatMap((a) => a.tagIds))];

/** Writes on each item of a `tag-suggested` job the tags its gem is to get (apply.ts adds those it lacks). */
async function assignTags(tx: Tx, jobId: number, input: Input) {
  const assignments = input.assignments ?? [];
  if (!assignments.length) return;
  const rows = assignments.map((a) => sql`(${a.gemId}::integer, ${`{${a.tagIds.join(',')}}`}::integer[])`);
  await tx.execute(sql`UPDATE bulk_job_items i SET tag_ids = a.tag_ids
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS a(gem_id, tag_ids)
    WHERE i.job_id = ${jobId} AND i.gem_id = a.gem_id`);
}

/** The move's collection and the tags must be the user's (a 404 otherwise); AI Chats holds no saves. */
async function checkArguments(tx: Tx, userId: number, input: Input) {
  if (input.action === 'move' && input.collectionId !== undefined) {
    const [row] = await tx
      .select({ id: collections.id, aiChatsId: users.aiChatsCollectionId })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.ownerId))
      .where(and(eq(collections.id, input.collectionId), eq(collections.ownerId, userId)));
    if (!row) throw notFound('Collection');
    if (row.aiChatsId === row.id)
      throw fieldError(400, 'collectionId', 'AI Chats holds chats, not saves: choose another collection');
  }
  const named = input.action === 'tag-suggested' ? assignedTags(input) : input.tagIds;
  if ((input.action === 'tag' || input.action === 'untag' || input.action === 'tag-suggested') && named) {
    const wanted = [...new Set(named)];
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.ownerId, userId), inArray(tags.id, wanted)));
    const own = new Set(found.map((t) => t.id));
    const missing = wanted.find((id) => !own.has(id));
    if (missing !== undefined) throw notFound(`Tag ${missing}`);
  }
}

/** An int[] parameter: one value however many ids (the ids are validated integers). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

/**
 * Writes the job's items: the gems it changes, chosen in ONE statement (the ids filtered to the user's own saves,
 * or the search compiled by server/features/search/compile.ts). Restore takes trashed gems, the others the library.
 */
async function chooseGems(tx: Tx, userId: number, jobId: number, input: Input): Promise<number> {
  const insert = (from: ReturnType<typeof sql>) => sql`ins AS (
    INSERT INTO bulk_job_items (job_id, gem_id) ${from} ON CONFLICT DO NOTHING RETURNING 1)`;
  let statement: ReturnType<typeof sql>;
  const { ids, query = '' } = input.target;
  if (ids) {
    const trashed = input.action === 'restore' ? sql`IS NOT NULL` : sql`IS NULL`;
    statement = sql`WITH ${insert(sql`SELECT ${jobId}, g.id FROM gems g
      WHERE g.id = ANY(${intArray(ids)}) AND g.owner_id = ${userId}
        AND g.deleted_at ${trashed} AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}`)}
      SELECT count(*) AS n FROM ins`;
  } else {
    const compiled = await compileSearchFor(tx as unknown as Db, parseQueryText(query, 'target.query'), userId);
    statement = sql`${withClause(compiled, [insert(sql`SELECT ${jobId}, g.id FROM gems g WHERE ${compiled.where} AND g.owner_id = ${userId}`)])}
      SELECT count(*) AS n FROM ins`;
  }
  const [row] = await selectRows<{ n: number | string }>(tx as unknown as Db, statement);
  return Number(row?.n ?? 0);
}

/**
 * Records a job and its gems in one transaction: nothing at all is written when an argument is not the user's or
 * the search now matches more gems than the user saw (409 naming both numbers).
 */
export async function createJob(
  db: Db,
  userId: number,
  body: BulkJobBody | Input,
  inlineLimit: number,
): Promise<BulkJobRow> {
  const input = body as Input;
  return db.transaction(async (tx) => {
    await checkArguments(tx, userId, input);
    const [job] = await tx
      .insert(bulkJobs)
      .values({
        ownerId: userId,
        action: input.action,
        status: 'queued',
        collectionId: input.action === 'move' ? (input.collectionId ?? null) : null,
        tagIds:
          input.action === 'tag-suggested'
            ? assignedTags(input)
            : input.action === 'tag' || input.action === 'untag'
              ? [...new Set(input.tagIds ?? [])]
              : [],
        query: input.target.query ?? null,
        total: 0,
      })
      .returning();
    if (!job) throw new Error('insert returned no row');
    const total = await chooseGems(tx, userId, job.id, input);
    if (input.action === 'tag-suggested') await assignTags(tx, job.id, input);
    const { expectedCount } = input.target;
    if (expectedCount !== undefined && total > expectedCount)
      throw new ApiError(
        409,
        `The search now matches ${total} gems, more than the ${expectedCount} you saw: nothing was changed`,
        { matches: total, expectedCount },
      );
    if (input.target.ids && total === 0)
      throw notFound(input.action === 'restore' ? 'Trashed gems with these ids' : 'Gems with these ids');
    const [row] = await tx
      .update(bulkJobs)
      .set({ total, status: total === 0 ? 'done' : 'queued' })
      .where(eq(bulkJobs.id, job.id))
      .returning();
    if (!row) throw new Error('update returned no row');
    // a small job is done at once, in the same transaction (still a job, so it is undone the same way)
    return total > 0 && total <= inlineLimit ? applyBatch(tx, row, total) : row;
  });
}
