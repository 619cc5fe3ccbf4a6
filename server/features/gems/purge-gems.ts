import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gems, uploads } from '../../db/schema';
import type { GemRow, Tx } from '../../db/types';
import type { FileStore } from '../../storage/file-store';
import { clearInstructionDefault } from '../instructions/voices';
import { fileNameOf } from '../uploads/upload-files';

/**
 * A copied image gem (collection copy) links to its original's stored file: before the original goes for good, its
 * file passes to a copy still showing that image (in the trash or not), so it is deleted only with the last of them.
 */
async function handOverImages(tx: Tx, ids: readonly number[]) {
  const gone = `{${ids.join(',')}}`;
  await tx.execute(sql`
    UPDATE uploads u SET gem_id = heir.id
    FROM gems o, LATERAL (
      SELECT c.id FROM gems c
      WHERE c.owner_id = o.owner_id AND c.image = o.image AND NOT (c.id = ANY(${gone}::int[]))
      ORDER BY c.id LIMIT 1
    ) heir
    WHERE u.gem_id = o.id AND u.purpose = 'gem' AND o.id = ANY(${gone}::int[])`);
}

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
    await handOverImages(tx, ids);
    const removed = await tx.delete(uploads).where(inArray(uploads.gemId, ids)).returning();
    await tx.delete(gems).where(and(eq(gems.ownerId, ownerId), inArray(gems.id, ids)));
    for (const row of rows)
      if (row.mediaType === 'BrandVoice' || row.mediaType === 'Persona')
        await clearInstructionDefault(tx, ownerId, row.mediaType, row.id);
    return removed;
  });
  await Promise.allSettled(files.map((upload) => store.delete(fileNameOf(upload))));
}
