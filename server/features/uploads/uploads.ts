import { and, eq, isNull } from 'drizzle-orm';
import type { Upload } from '../../../lib/api/contract';
import { type AcceptedImageType, detectImageType, MAX_IMAGE_BYTES } from '../../../lib/files/image-type';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { UploadRow } from '../../db/types';
import type { FieldError } from '../../http/errors';
import { ApiError, fieldError, fieldErrors, notFound } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { checkImage, type ImageDimensions } from './image-dimensions';
import { extensionOf, fileNameOf, linkOf, newUploadKey } from './upload-files';

/** `base` is the base URL of file links (PUBLIC_URL or the request's origin). */
export const toUpload = (row: UploadRow, base: string): Upload => ({
  id: row.id,
  url: linkOf(base, row),
  mime: row.mime,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

export type UploadPurpose = UploadRow['purpose'];

export const MAX_FILES_PER_UPLOAD = 10;

/** A file that passed the checks: its bytes, the type they really are and the dimensions they decode to. */
export interface AcceptedFile {
  bytes: Uint8Array;
  mime: AcceptedImageType;
  dimensions: ImageDimensions;
}

const TYPE_MESSAGE = 'Only JPG, PNG, GIF or WEBP images are accepted';
const SIZE_MESSAGE = `An image may be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

/** A file name fit for an error message: no control characters, not endless. */
export const displayName = (name: string) => {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'unnamed';
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
};

/**
 * Checks the `files` entries of an upload. Each must be a file of at most MAX_IMAGE_BYTES whose bytes
 * are a JPG, PNG, GIF or WEBP image (by signature, 415 otherwise) that decodes as that type with
 * sensible dimensions (400 otherwise); its name and declared type are ignored. One bad file rejects
 * the whole request (with the first problem's status), naming every bad file.
 */
export async function checkFiles(entries: FormDataEntryValue[]): Promise<AcceptedFile[]> {
  if (!entries.length) {
    throw fieldError(
      400,
      'files',
      'Attach at least one image',
      'files: Attach at least one image in the multipart field "files"',
    );
  }
  if (entries.length > MAX_FILES_PER_UPLOAD) {
    const message = `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`;
    throw fieldError(400, 'files', message);
  }
  const accepted: AcceptedFile[] = [];
  const errors: (FieldError & { status: 400 | 413 | 415; label: string })[] = [];
  for (const [index, entry] of entries.entries()) {
    const reject = (status: 400 | 413 | 415, name: string, message: string) =>
      errors.push({ status, path: `files.${index}`, label: `files[${index}] (${displayName(name)})`, message });
    if (typeof entry === 'string') {
      reject(400, 'text', 'Must be a file, not a text field');
      continue;
    }
    if (entry.size > MAX_IMAGE_BYTES) {
      reject(413, entry.name, SIZE_MESSAGE);
      continue;
    }
    const bytes = new Uint8Array(await entry.arrayBuffer());
    const mime = detectImageType(bytes);
    if (!mime) {
      reject(415, entry.name, TYPE_MESSAGE);
      continue;
    }
    const image = checkImage(bytes, mime);
    if (image.ok) accepted.push({ bytes, mime, dimensions: image.dimensions });
    else reject(400, entry.name, image.problem);
  }
  const [first] = errors;
  if (first) {
    const named = errors.map((e) => ({ path: e.path, message: `${e.label}: ${e.message}` }));
    throw fieldErrors(first.status, named, `${first.label}: ${first.message}`);
  }
  return accepted;
}

/** A checked file to store: its bytes and type, and for a chat file its name and extracted text. */
export interface FileToStore {
  bytes: Uint8Array;
  mime: string;
  name?: string;
  text?: string | null;
}

/**
 * Stores accepted files for their owner: every file is written, then every row is inserted in one
 * transaction. If anything fails, the files already written are removed and nothing is kept.
 */
export async function storeUploads(
  db: Db,
  store: FileStore,
  ownerId: number,
  purpose: UploadPurpose,
  files: FileToStore[],
  /** The gem the files belong to from the start (a chat's pictures), if any. */
  gemId: number | null = null,
): Promise<UploadRow[]> {
  const planned = files.map((file) => ({ ...file, key: newUploadKey() }));
  const written: string[] = [];
  try {
    for (const file of planned) {
      const name = fileNameOf(file);
      await store.put(name, file.bytes, file.mime);
      written.push(name);
    }
    return await db.transaction(async (tx) =>
      tx
        .insert(uploads)
        .values(
          planned.map((f) => ({
            ownerId,
            key: f.key,
            mime: f.mime,
            size: f.bytes.byteLength,
            purpose,
            name: f.name ?? '',
            text: f.text ?? null,
            gemId,
          })),
        )
        .returning(),
    );
  } catch (error) {
    await Promise.allSettled(written.map((name) => store.delete(name)));
    throw error;
  }
}

/**
 * Deletes one of the owner's uploads, row and file. Another user's (or no) upload is a 404; one that
 * belongs to a submitted report or to a gem is a 409 and stays (a gem's image goes with the gem). The
 * row goes first, in one guarded statement, so a report being submitted at the same moment either
 * gets the image or sees it gone.
 */
export async function deleteUpload(db: Db, store: FileStore, ownerId: number, id: number) {
  const [deleted] = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId), isNull(uploads.feedbackId), isNull(uploads.gemId)))
    .returning();
  if (!deleted) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)));
    if (!row) throw notFound('Upload');
    if (row.gemId !== null && row.purpose === 'chat')
      throw new ApiError(409, 'This file was sent in a chat: it is deleted with the chat');
    if (row.gemId !== null) throw new ApiError(409, 'This image belongs to a gem: delete the gem to delete it');
    throw new ApiError(409, 'This image belongs to a submitted report and can no longer be deleted');
  }
  await store.delete(fileNameOf(deleted));
  return { id: deleted.id };
}

/**
 * The stored file named `<key>.<ext>` with its type and size, its bytes as a stream unless `withBody`
 * is false; null when there is none (or the extension is not its type's).
 */
export async function openStoredFile(db: Db, store: FileStore, key: string, ext: string, withBody: boolean) {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  if (!row || extensionOf(row.mime) !== ext) return null;
  const name = fileNameOf(row);
  if (withBody) {
    const file = await store.get(name);
    return file && { mime: row.mime, size: file.size, body: file.body };
  }
  const file = await store.head(name);
  return file && { mime: row.mime, size: file.size, body: null };
}
