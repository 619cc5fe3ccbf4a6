import type { z } from 'zod';
import type { createImageGemData } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { Owner } from '../../db/types';
import type { FileStore } from '../../storage/file-store';
import { kickOcrWorkers, queueOcr } from '../ocr/ocr-jobs';
import { fileNameOf, linkOf, newUploadKey } from '../uploads/upload-files';
import type { AcceptedFile } from '../uploads/uploads';
import type { GemAttachment } from './gem-insert';
import { createGem } from './gems';

type ImageGemInput = z.output<typeof createImageGemData>;

/**
 * Saves an image gem with its bytes (`POST /api/upload-all-file`). The file is stored like any
 * upload (same store, same capability link) as the gem's `image`, with an upload row (`purpose`
 * 'gem') tied to the gem. The file is written only once the request passed every check (and its
 * idempotency key is new); the gem, its tags and the upload row are one transaction, and the file
 * is removed again when no gem is created (a failure, or a concurrent retry that won). Its text is queued to be read
 * in the same transaction.
 */
export async function createImageGem(
  db: Db,
  files: { store: FileStore; base: string },
  owner: Owner,
  input: ImageGemInput,
  file: AcceptedFile,
  idempotencyKey?: string,
) {
  const stored = { key: newUploadKey(), mime: file.mime };
  const name = fileNameOf(stored);
  let written = false;
  const attachment: GemAttachment = {
    async prepare() {
      await files.store.put(name, file.bytes, file.mime);
      written = true;
      return { image: linkOf(files.base, stored) };
    },
    async attach(tx, gem) {
      await tx
        .insert(uploads)
        .values({ ownerId: owner.id, ...stored, size: file.bytes.byteLength, purpose: 'gem', gemId: gem.id });
      await queueOcr(tx, gem.id); // its text is read in the background (features/ocr/)
    },
    async discard() {
      if (written) await files.store.delete(name);
    },
  };
  const saved = await createGem(db, owner, input, idempotencyKey, attachment);
  if (saved.created) kickOcrWorkers();
  return saved;
}
