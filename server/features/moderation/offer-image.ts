import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { fileNameOf, linkOf, parseLink } from '../uploads/upload-files';
import { storeUploads } from '../uploads/uploads';

/**
 * An offered image stored on this server is the offerer's file: it goes when they delete their gem for good. On
 * approval the owner gets a copy of the file of their own (a new capability link), so the approved gem keeps its image
 * whatever the offerer does next. Any other address (a page's image elsewhere) is kept as it is.
 */
export async function copyOfferedImage(
  db: Db,
  store: FileStore,
  base: string,
  ownerId: number,
  image: string | null,
): Promise<{ image: string; uploadId: number } | null> {
  const stored = image ? parseLink(base, image) : null;
  if (!stored) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.key, stored.key));
  const file = row && (await store.get(fileNameOf(row)));
  // the offerer's file is gone already: the copy keeps the address, which answers 404 as the original does
  if (!row || !file) return null;
  const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
  const [copy] = await storeUploads(db, store, ownerId, 'gem', [{ bytes, mime: row.mime }]);
  if (!copy) throw new Error('the copied image has no row');
  return { image: linkOf(base, copy), uploadId: copy.id };
}

/** Removes a copy made for an approval that did not happen (decided meanwhile by another request). */
export async function dropCopiedImage(db: Db, store: FileStore, uploadId: number) {
  const [gone] = await db.delete(uploads).where(eq(uploads.id, uploadId)).returning();
  if (gone) await store.delete(fileNameOf(gone));
}
