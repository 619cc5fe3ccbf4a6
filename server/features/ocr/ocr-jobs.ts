import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { gems, ocrJobs, uploads } from '../../db/schema';
import type { Tx } from '../../db/types';
import { workerSet } from '../../jobs/batch-worker';
import type { FileStore } from '../../storage/file-store';
import { fileNameOf } from '../uploads/upload-files';
import { OCR_LIMITS, OcrFailed, type OcrLimits, recognizeText } from './ocr-read';

/**
 * Text from image gems, in the background: saving an image gem with its bytes queues a row (in the gem's own
 * transaction), a worker claims the oldest queued row for a while (FOR UPDATE SKIP LOCKED: server copies take
 * different rows) and reads the image outside any transaction, then writes the text into the gem's `text` (where
 * search and chat context find it: the search document's trigger indexes it) unless the gem has a text of its own.
 * A failure within the bounds (too slow, too big, unreadable) is kept on the row and leaves the gem as it was.
 */

/** Tries at one image: a claim that ran out (its server stopped mid-read) is taken up again this many times in all. */
export const OCR_ATTEMPTS = 3;

export async function queueOcr(tx: Tx | Db, gemId: number): Promise<void> {
  await tx
    .insert(ocrJobs)
    .values({ gemId })
    .onConflictDoUpdate({
      target: ocrJobs.gemId,
      set: { status: 'queued', attempts: 0, error: null, claimedUntil: null, updatedAt: new Date() },
    });
}

/** The oldest queued row nobody holds, claimed for `seconds`; null when there is none. */
async function claim(db: Db, seconds: number): Promise<{ gemId: number; attempts: number } | null> {
  const [row] = await selectRows<{ gem_id: number; attempts: number }>(
    db,
    sql`UPDATE ocr_jobs SET claimed_until = now() + make_interval(secs => ${seconds}), attempts = attempts + 1,
        updated_at = now()
      WHERE gem_id = (SELECT gem_id FROM ocr_jobs
        WHERE status = 'queued' AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at, gem_id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING gem_id, attempts`,
  );
  return row ? { gemId: Number(row.gem_id), attempts: Number(row.attempts) } : null;
}

const finish = (db: Db, gemId: number, status: 'done' | 'failed', error: string | null = null) =>
  db.update(ocrJobs).set({ status, error, claimedUntil: null, updatedAt: new Date() }).where(eq(ocrJobs.gemId, gemId));

async function imageOf(db: Db, store: FileStore, gemId: number) {
  const [file] = await db
    .select({ key: uploads.key, mime: uploads.mime, ownerId: uploads.ownerId })
    .from(uploads)
    .where(and(eq(uploads.gemId, gemId), eq(uploads.purpose, 'gem')));
  if (!file) return null;
  const stored = await store.get(fileNameOf(file));
  if (!stored) return null;
  const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
  return { bytes, ownerId: file.ownerId };
}

/** Works one queued image; false when there was none. */
export async function workOneOcrJob(db: Db, store: FileStore, limits: OcrLimits = OCR_LIMITS): Promise<boolean> {
  const job = await claim(db, Math.ceil(limits.ms / 1000) + 120);
  if (!job) return false;
  if (job.attempts > OCR_ATTEMPTS) {
    await finish(db, job.gemId, 'failed', 'The text reader stopped on this image several times');
    return true;
  }
  try {
    const image = await imageOf(db, store, job.gemId);
    if (!image) {
      await finish(db, job.gemId, 'failed', 'The image file is gone');
      return true;
    }
    const { text } = await recognizeText(image.bytes, String(image.ownerId), limits);
    if (text)
      await db
        .update(gems)
        .set({ text })
        .where(and(eq(gems.id, job.gemId), sql`coalesce(${gems.text}, '') = ''`));
    await finish(db, job.gemId, 'done');
  } catch (error) {
    if (error instanceof OcrFailed) await finish(db, job.gemId, 'failed', error.message);
    // the reader could not start or the database failed: the claim runs out and the image is tried again
    else console.error(`[trove] the text of image gem ${job.gemId} was not read:`, error);
  }
  return true;
}

const workers = workerSet();

/** Wakes this process's text readers at once (an image gem was just saved). */
export const kickOcrWorkers = () => workers.kickAll();

export function startOcrWorker(db: Db, store: FileStore, limits?: OcrLimits, pollMs?: number) {
  return workers.start(() => workOneOcrJob(db, store, limits), pollMs);
}

/** What GET /api/image-text says of a gem's recognition. */
export async function ocrStatusOf(db: Db, gemId: number) {
  const [job] = await db.select().from(ocrJobs).where(eq(ocrJobs.gemId, gemId));
  return job ?? null;
}
