import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gems, uploads } from '../../db/schema';
import type { GemRow } from '../../db/types';
import type { FileStore } from '../../storage/file-store';
import { clearInstructionDefault } from '../instructions/voices';
import { fileNameOf } from '../uploads/upload-files';

/**
 * Deletes gems of one owner for good: their rows (and uploads' rows) in one transaction, then their stored files. A
 * voice or persona deleted from the library stops being the default, as through its own route.
 */
export async function purgeGems(
  db: Db,
  store: FileStore,
  ownerId: number,
  rows: readonly Pick<GemRow, 'id' | 'mediaType'>[],
) {
  if (!rows.length) return;
  const ids = rows.map((row) => row.id);
  const files = await db.transaction(async (tx) => {
    const removed = await tx.delete(uploads).where(inArray(uploads.gemId, ids)).returning();
    await tx.delete(gems).where(and(eq(gems.ownerId, ownerId), inArray(gems.id, ids)));
    for (const row of rows)
      if (row.mediaType === 'BrandVoice' || row.mediaType === 'Persona')
        await clearInstructionDefault(tx, ownerId, row.mediaType, row.id);
    return removed;
  });
  await Promise.allSettled(files.map((upload) => store.delete(fileNameOf(upload))));
}
