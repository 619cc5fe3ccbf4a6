import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_INLINE_LIMIT, type BulkJob, bulkJobSchema, isBulkJobActive } from '../../lib/api/bulk-contract';
import { dataOf } from '../../lib/api/contract';
import { searchResultSchema } from '../../lib/api/search-contract';
import { openDatabase } from '../../server/db/client';
import { bulkJobs } from '../../server/db/schema';
import { createJob } from '../../server/features/bulk/jobs';
import { undoJob } from '../../server/features/bulk/undo';
import { BULK_BATCH, workOneBatch } from '../../server/features/bulk/worker';
import { ApiError } from '../../server/http/errors';
import { backend, type Session, startTestServer, type TestServer } from './harness';

/**
 * Jobs too large for one request: worked by the server's worker batch by batch, their progress read while it
 * moves, refused an undo while running, and a job left half done by a stopped server finished by the next one on
 * the same database.
 */

/** More than two of the worker's batches. */
const GEMS = 2 * BULK_BATCH + 200;
let first: TestServer;
let second: TestServer;
let ada: Session;
let resumedId: number;
let undoWhileRunning: unknown;
/** PostgreSQL: what a second copy's worker found to do while the first held the job's lock. */
let workedWhileLocked: { worked: boolean; done: number } | undefined;

const total = async (q: string) => {
  const res = await second.api(`/api/filter-search?${new URLSearchParams({ q, perPage: '1' })}`, { token: ada.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultSchema.parse(res.body).total;
};

/** The job as GET shows it, read again and again until it is no longer worked. */
async function follow(id: number): Promise<BulkJob[]> {
  const seen: BulkJob[] = [];
  for (;;) {
    const res = await second.api(`/api/bulk-jobs/${id}`, { token: ada.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = dataOf(bulkJobSchema).parse(res.body).data;
    seen.push(job);
    if (!isBulkJobActive(job)) return seen;
  }
}

const progressOf = (seen: BulkJob[]) => seen.map((job) => job.done);

beforeAll(async () => {
  first = await startTestServer({}, { isolated: true });
  ada = await first.signUp('ada');
  const tag = await first.api('/api/tags', { token: ada.jwt, body: { data: { tag: 'resumed' } } });
  expect(tag.status).toBe(201);
  await first.server.stop();
  // The gems are written straight into the database (a thousand saves through the API would take long), then a
  // job is queued and worked one batch, as a server stopped mid-job leaves it.
  const database = await openDatabase({ dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
  try {
    await database.db.execute(sql`INSERT INTO gems (owner_id, collection_id, title, url, canonical_url)
      SELECT u.id, u.unfiltered_collection_id, 'Pangolin ' || n, 'https://example.com/p/' || n, 'example.com/p/' || n
      FROM users u, generate_series(1, ${GEMS}) AS n WHERE u.id = ${ada.user.id}`);
    const job = await createJob(
      database.db,
      ada.user.id,
      { action: 'tag', target: { query: 'pangolin', expectedCount: GEMS }, tagIds: [tag.body.data.id] },
      BULK_INLINE_LIMIT,
    );
    expect(job).toMatchObject({ status: 'queued', total: GEMS, done: 0 });
    resumedId = job.id;
    expect(await workOneBatch(database.db)).toBe(true);
    undoWhileRunning = await undoJob(database.db, ada.user.id, job.id).catch((error: unknown) => error);
    if (backend === 'postgres') {
      // as if one copy were working a batch of the job: another copy's worker skips it rather than wait for it
      const other = await openDatabase({ databaseUrl: first.config.databaseUrl });
      try {
        await database.db.transaction(async (tx) => {
          await tx.select().from(bulkJobs).where(eq(bulkJobs.id, job.id)).for('update');
          const worked = await workOneBatch(other.db);
          const [row] = await other.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
          workedWhileLocked = { worked, done: row?.done ?? -1 };
        });
      } finally {
        await other.close();
      }
    }
  } finally {
    await database.close();
  }
  second = await startTestServer({ dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
}, 300_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('jobs worked by the server', () => {
  it('a running job cannot be undone: 409 saying how far it is', () => {
    expect(undoWhileRunning).toBeInstanceOf(ApiError);
    expect((undoWhileRunning as ApiError).status).toBe(409);
    expect((undoWhileRunning as ApiError).message).toBe(
      `The job is still running (${BULK_BATCH} of ${GEMS} done): undo it when it ends`,
    );
  });

  it.skipIf(backend !== 'postgres')('a job one copy is working is skipped by the others (SKIP LOCKED)', () => {
    expect(workedWhileLocked).toEqual({ worked: false, done: BULK_BATCH });
  });

  it('a job left half done by a stopped server is finished by the next one, then undone as a whole', async () => {
    const seen = await follow(resumedId);
    expect(seen.at(-1)).toMatchObject({ status: 'done', total: GEMS, done: GEMS });
    const progress = progressOf(seen);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThanOrEqual(BULK_BATCH);
    expect(await total('tag:resumed')).toBe(GEMS);
    const undone = await second.api(`/api/bulk-jobs/${resumedId}/undo`, { token: ada.jwt, method: 'POST' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await total('tag:resumed')).toBe(0);
  });

  it('a large job is queued (202), and its progress counts up to the total', async () => {
    const res = await second.api('/api/bulk-jobs', {
      token: ada.jwt,
      body: { action: 'favourite', target: { query: 'pangolin', expectedCount: GEMS } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(dataOf(bulkJobSchema).parse(res.body).data).toMatchObject({ status: 'queued', total: GEMS, done: 0 });
    const seen = await follow(res.body.data.id);
    expect(seen.at(-1)).toMatchObject({ status: 'done', total: GEMS, done: GEMS });
    const progress = progressOf(seen);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((done) => done <= GEMS)).toBe(true);
    expect(await total('is:fav pangolin')).toBe(GEMS);
    const list = await second.api('/api/bulk-jobs', { token: ada.jwt });
    expect(list.body.data.map((job: BulkJob) => job.id).slice(0, 2)).toEqual([res.body.data.id, resumedId]);
    await second.api(`/api/bulk-jobs/${res.body.data.id}/undo`, { token: ada.jwt, method: 'POST' });
    expect(await total('is:fav')).toBe(0);
  });
});
