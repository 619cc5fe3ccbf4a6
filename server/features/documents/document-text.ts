import { CHAT_FILE_MIME, MAX_CHAT_DOCUMENT_BYTES, MAX_CHAT_FILE_TEXT } from '../../../lib/api/chat-files-contract';
import { DOCUMENT_FIELDS, DOCUMENT_FORMATS, type DocumentFormat } from '../../../lib/api/documents-contract';
import { type AcceptedImageType, MAX_IMAGE_BYTES } from '../../../lib/files/image-type';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { sniffChatFile } from '../chat-files/chat-file-sniff';
import { extractChatText } from '../chat-files/chat-file-text';
import { OWN_PDFS_WAITING, PDF_READERS_BUSY, PdfWorkerFailed } from '../chat-files/pdf-read';
import { NoTurnLeft } from '../chat-files/reading-turns';
import { TextTooLong } from '../chat-files/text-errors';
import { OCR_NOT_STARTED, OcrFailed, recognizeText } from '../ocr/ocr-read';
import { checkImage } from '../uploads/image-dimensions';

/**
 * The text of the one file of a `files` field, read by the chat files' readers (a PDF in a reader process of its own,
 * DOCX, HTML and text in the server) or, for an image, by OCR (a process of its own too). Every problem is a
 * 4xx naming `files`: 415 for a kind not read, 413 past a size, 400 unreadable or empty; 503 when the readers are full
 * or cannot start.
 */
export type FileText = { kind: 'document'; format: DocumentFormat; text: string } | { kind: 'image'; text: string };

const FIELD = DOCUMENT_FIELDS.files;
const MB = 1024 * 1024;
const isDocument = (format: string): format is DocumentFormat =>
  (DOCUMENT_FORMATS as readonly string[]).includes(format);

/** The one file of the form's `files` field. */
export function oneFile(form: FormData): File | null {
  const entries = form.getAll(FIELD);
  if (entries.length > 1)
    throw fieldError(400, FIELD, `Attach one file in the multipart field "${FIELD}", not ${entries.length}`);
  const [entry] = entries;
  if (entry === undefined) return null;
  if (typeof entry === 'string') throw fieldError(400, FIELD, 'Must be a file, not a text field');
  return entry;
}

const noText = (format: DocumentFormat) =>
  format === 'pdf' ? 'It has no text to read (a scanned PDF has only images)' : 'It has no text to read';

type Readers = { userId: number; pdfRead: Deps['pdfRead']; ocr: Deps['ocr'] };

const IMAGES_TOO = 'a document (PDF, DOCX, HTML, text) or an image';
const DOCUMENTS = 'a document (PDF, DOCX, HTML, text)';

/** The file's bytes and what they are; too big or of a kind not read is refused. */
async function sniffed(file: File, readable: string) {
  if (file.size > MAX_CHAT_DOCUMENT_BYTES)
    throw fieldError(413, FIELD, `A document may be at most ${MAX_CHAT_DOCUMENT_BYTES / MB} MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!bytes.byteLength) throw fieldError(400, FIELD, 'The file is empty');
  const found = await sniffChatFile(bytes, file.name);
  if ('other' in found) throw fieldError(415, FIELD, `It is ${found.other}; send ${readable}`);
  return { bytes, format: found.format };
}

/** A document's text (`POST /api/extract-document`); an image is a 415. */
export async function readDocument(file: File, { userId, pdfRead }: Readers) {
  const { bytes, format } = await sniffed(file, DOCUMENTS);
  if (!isDocument(format)) throw fieldError(415, FIELD, `It is a ${format.toUpperCase()} image; send ${DOCUMENTS}`);
  return { format, text: await documentText(bytes, format, userId, pdfRead) };
}

/** A document's text, or an image's by OCR (`POST /api/enhanced-text`). */
export async function fileText(file: File, { userId, pdfRead, ocr }: Readers): Promise<FileText> {
  const { bytes, format } = await sniffed(file, IMAGES_TOO);
  if (isDocument(format)) return { kind: 'document', format, text: await documentText(bytes, format, userId, pdfRead) };
  return { kind: 'image', text: await imageText(bytes, CHAT_FILE_MIME[format] as AcceptedImageType, userId, ocr) };
}

async function documentText(bytes: Uint8Array, format: DocumentFormat, userId: number, pdfRead: Deps['pdfRead']) {
  let text: string;
  try {
    text = (await extractChatText(bytes, format, { userId, limits: pdfRead })).trim();
  } catch (error) {
    if (error instanceof PdfWorkerFailed) throw new ApiError(503, 'The PDF reader did not start; try again soon');
    if (error instanceof NoTurnLeft)
      throw new ApiError(503, error.whose === 'own' ? OWN_PDFS_WAITING : PDF_READERS_BUSY);
    throw fieldError(error instanceof TextTooLong ? 413 : 400, FIELD, (error as Error).message);
  }
  if (!text) throw fieldError(400, FIELD, noText(format));
  if (text.length > MAX_CHAT_FILE_TEXT) throw fieldError(413, FIELD, new TextTooLong().message);
  return text;
}

async function imageText(bytes: Uint8Array, mime: AcceptedImageType, userId: number, ocr: Deps['ocr']) {
  if (bytes.byteLength > MAX_IMAGE_BYTES)
    throw fieldError(413, FIELD, `An image may be at most ${MAX_IMAGE_BYTES / MB} MB`);
  const image = checkImage(bytes, mime);
  if (!image.ok) throw fieldError(400, FIELD, image.problem);
  let text: string;
  try {
    text = (await recognizeText(bytes, String(userId), ocr)).text.trim();
  } catch (error) {
    if (error instanceof OcrFailed) throw fieldError(400, FIELD, error.message);
    if (error instanceof NoTurnLeft) throw new ApiError(503, 'Too many images are being read; try again soon');
    if ((error as Error).message.startsWith(OCR_NOT_STARTED))
      throw new ApiError(503, `${OCR_NOT_STARTED}; try again soon`);
    throw error;
  }
  if (!text) throw fieldError(400, FIELD, 'No text was found in the image');
  return text;
}
