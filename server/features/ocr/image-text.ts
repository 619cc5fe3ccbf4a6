import { eq } from 'drizzle-orm';
import type { ImageText } from '../../../lib/api/ocr-contract';
import type { Db } from '../../db/client';
import { gems } from '../../db/schema';
import { ocrStatusOf } from './ocr-jobs';

/** `GET /api/image-text`: where a (readable) gem's reading is, with its text. */
export async function getImageText(db: Db, gemId: number): Promise<ImageText> {
  const [[gem], job] = await Promise.all([
    db.select({ text: gems.text }).from(gems).where(eq(gems.id, gemId)),
    ocrStatusOf(db, gemId),
  ]);
  return { gemId, status: job?.status ?? 'none', text: gem?.text ?? null, error: job?.error ?? null };
}
