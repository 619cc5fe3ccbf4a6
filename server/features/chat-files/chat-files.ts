import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  CHAT_FILE_MIME,
  CHAT_IMAGE_FORMATS,
  type ChatFile,
  type ChatFileFormat,
  MAX_CHAT_DOCUMENT_BYTES,
  MAX_CHAT_FILE_TEXT,
  MAX_CHAT_FILES_PER_UPLOAD,
  MAX_CHAT_IMAGE_BYTES,
} from '../../../lib/api/chat-files-contract';
import { cleanText } from '../../../lib/api/clean-text';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { AiModelRow, UploadRow } from '../../db/types';
import type { FieldError } from '../../http/errors';
import { ApiError, fieldError, fieldErrors } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { checkImage } from '../uploads/image-dimensions';
import { fileNameOf } from '../uploads/upload-files';
import { displayName, type FileToStore } from '../uploads/uploads';
import { type Sniffed, sniffChatFile } from './chat-file-sniff';
import { extractChatText } from './chat-file-text';
import { OWN_PDFS_WAITING, PDF_READERS_BUSY, type PdfReading, PdfWorkerFailed } from './pdf-read';
import { NoTurnLeft } from './reading-turns';
import { TextTooLong } from './text-errors';

/**
 * Chat files (lib/api/chat-files-contract.ts): checked against the chosen model by their bytes, their
 * text extracted, stored as the owner's uploads (purpose 'chat'), and tied to the chat they are first
 * sent in (`gem_id`: a chat is a gem), so deleting the chat (deleteGem) deletes them. Files no chat
 * claims (a temporary chat's, or never sent) are deleted a day after upload (chat-file-sweep.ts).
 */

type Status = 400 | 413 | 415;
type Rejection = FieldError & { status: Status; label: string };

const FORMAT_OF_MIME = new Map(
  Object.entries(CHAT_FILE_MIME).map(([format, mime]) => [mime, format as ChatFileFormat]),
);
export const formatOfMime = (mime: string): ChatFileFormat => FORMAT_OF_MIME.get(mime) ?? 'txt';
export const isImageFormat = (format: ChatFileFormat) => CHAT_IMAGE_FORMATS.includes(format);

const MB = 1024 * 1024;
const limitOf = (format: ChatFileFormat) => (isImageFormat(format) ? MAX_CHAT_IMAGE_BYTES : MAX_CHAT_DOCUMENT_BYTES);

/**
 * Whether `model` takes files of `format`: listed in its `supported_file_formats` (jpg also as 'jpeg'), images only if
 * it has vision.
 */
export function modelTakes(model: AiModelRow, format: ChatFileFormat): boolean {
  const listed =
    model.supportedFileFormats.includes(format) || (format === 'jpg' && model.supportedFileFormats.includes('jpeg'));
  return listed && (!isImageFormat(format) || model.isVisionEnabled);
}

/** Why `model` refuses `format`, for a 415. */
const refusal = (model: AiModelRow, format: ChatFileFormat) =>
  `It is a ${format.toUpperCase()} file, which ${model.displayName} does not accept (it accepts ${
    model.supportedFileFormats.filter((f) => modelTakes(model, f as ChatFileFormat)).join(', ') || 'no files'
  })`;

/** A checked chat file, ready to store. */
export interface AcceptedChatFile extends FileToStore {
  name: string;
  format: ChatFileFormat;
  text: string | null;
}

/** Why a document of `format` yielded no text. */
function noText(format: ChatFileFormat, bytes: Uint8Array): string {
  if (!bytes.byteLength) return 'The file is empty';
  if (format === 'pdf') return 'It has no text to read (a scanned PDF has only images)';
  if (format === 'html') return 'It has no text to read (only markup and comments)';
  if (format === 'docx') return 'It has no text to read (the document is empty)';
  return 'It has no text to read (only spaces and line breaks)';
}

/** One entry checked: the file, or why it is refused. */
async function checkEntry(
  entry: FormDataEntryValue,
  model: AiModelRow,
  pdf: PdfReading,
): Promise<AcceptedChatFile | (Omit<Rejection, 'path' | 'label'> & { name: string })> {
  if (typeof entry === 'string') return { status: 400, name: 'text', message: 'Must be a file, not a text field' };
  const name = cleanText(entry.name);
  if (entry.size > MAX_CHAT_DOCUMENT_BYTES)
    return { status: 413, name, message: `A file may be at most ${MAX_CHAT_DOCUMENT_BYTES / MB} MB` };
  const bytes = new Uint8Array(await entry.arrayBuffer());
  const sniffed: Sniffed = await sniffChatFile(bytes, name);
  if ('other' in sniffed) return { status: 415, name, message: `It is ${sniffed.other}, which chats do not accept` };
  const { format } = sniffed;
  if (!modelTakes(model, format)) return { status: 415, name, message: refusal(model, format) };
  if (bytes.byteLength > limitOf(format))
    return { status: 413, name, message: `A ${format.toUpperCase()} file may be at most ${limitOf(format) / MB} MB` };
  const mime = CHAT_FILE_MIME[format];
  if (isImageFormat(format)) {
    const image = checkImage(bytes, mime as Parameters<typeof checkImage>[1]);
    return image.ok ? { bytes, mime, name, format, text: null } : { status: 400, name, message: image.problem };
  }
  let text: string;
  try {
    text = (await extractChatText(bytes, format, pdf)).trim();
  } catch (error) {
    if (error instanceof PdfWorkerFailed) throw error; // the server's fault: a 500
    if (error instanceof NoTurnLeft)
      throw new ApiError(503, error.whose === 'own' ? OWN_PDFS_WAITING : PDF_READERS_BUSY);
    return { status: error instanceof TextTooLong ? 413 : 400, name, message: (error as Error).message };
  }
  if (!text) return { status: 400, name, message: noText(format, bytes) };
  if (text.length > MAX_CHAT_FILE_TEXT) return { status: 413, name, message: new TextTooLong().message };
  return { bytes, mime, name, format, text };
}

/**
 * Checks the `files` entries of a chat upload for `model` (PDFs read as `pdf` says): each at most the size of its kind, of a
 * format the model accepts (judged by the bytes: 415 otherwise), readable (400 otherwise). One bad
 * file rejects the request (the first problem's status), naming every bad file.
 */
export async function checkChatFiles(
  entries: FormDataEntryValue[],
  model: AiModelRow,
  pdf: PdfReading,
): Promise<AcceptedChatFile[]> {
  if (!entries.length) {
    throw fieldError(
      400,
      'files',
      'Attach at least one file',
      'files: Attach at least one file in the multipart field "files"',
    );
  }
  if (entries.length > MAX_CHAT_FILES_PER_UPLOAD) {
    const message = `At most ${MAX_CHAT_FILES_PER_UPLOAD} files can be uploaded at once`;
    throw fieldError(400, 'files', message);
  }
  const accepted: AcceptedChatFile[] = [];
  const errors: Rejection[] = [];
  for (const [index, entry] of entries.entries()) {
    const result = await checkEntry(entry, model, pdf);
    if ('status' in result) {
      const { status, name, message } = result;
      errors.push({ status, path: `files.${index}`, label: `files[${index}] (${displayName(name)})`, message });
    } else accepted.push(result);
  }
  const [first] = errors;
  if (first) {
    const named = errors.map((e) => ({ path: e.path, message: `${e.label}: ${e.message}` }));
    throw fieldErrors(first.status, named, `${first.label}: ${first.message}`);
  }
  return accepted;
}

export const toChatFile = (row: UploadRow): ChatFile => ({
  id: row.id,
  name: row.name,
  format: formatOfMime(row.mime),
  mime: row.mime,
  size: row.size,
  chars: row.text === null ? null : row.text.length,
  chatId: row.gemId,
  createdAt: row.createdAt.toISOString(),
});

/** A chat file as context: its row, and an image's bytes. */
export interface ContextFile {
  row: UploadRow;
  format: ChatFileFormat;
  image?: Uint8Array;
}

async function readAll(store: FileStore, row: UploadRow): Promise<Uint8Array> {
  const file = await store.get(fileNameOf(row));
  if (!file) throw new ApiError(409, `context.fileIds: the bytes of file ${row.id} are gone`);
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}

/**
 * The user's chat files `ids`, in that order, usable in chat `chatId` (not yet sent, or sent in this
 * chat; null: a temporary chat, only files not yet sent). Another user's, unknown or another chat's
 * file is a 404 naming the field, unless `lenient` (regenerating), which skips it.
 */
export async function loadContextFiles(
  db: Db,
  store: FileStore,
  userId: number,
  ids: number[],
  { chatId, lenient }: { chatId: number | null; lenient: boolean },
): Promise<ContextFile[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, userId),
        eq(uploads.purpose, 'chat'),
        inArray(uploads.id, ids),
        chatId === null ? isNull(uploads.gemId) : or(isNull(uploads.gemId), eq(uploads.gemId, chatId)),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const files: ContextFile[] = [];
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    if (!row) {
      if (lenient) continue;
      const message = `context.fileIds: file ${id} not found (or sent in another chat)`;
      throw fieldError(404, `context.fileIds.${index}`, message, message);
    }
    const format = formatOfMime(row.mime);
    files.push({ row, format, ...(isImageFormat(format) ? { image: await readAll(store, row) } : {}) });
  }
  return files;
}

/** Ties the files not yet sent among `ids` to chat `chatId`: from now on they go with it. */
export async function claimChatFiles(db: Db, userId: number, chatId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .update(uploads)
    .set({ gemId: chatId })
    .where(
      and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'chat'), inArray(uploads.id, ids), isNull(uploads.gemId)),
    );
}
