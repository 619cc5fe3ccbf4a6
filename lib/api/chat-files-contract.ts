import { z } from 'zod';
import { idParamSchema } from './integers';

/**
 * Chat files (issue 10, the Attachment menu's upload from device, restricted to the model's
 * supported file formats). `POST /api/upload-chat-files`, multipart: `files` holds one or more files
 * and `modelId` the chosen model's catalogue id. Each file is judged by its bytes (never by its name
 * or declared type) and must be a format the model's `supported_file_formats` lists; its text is
 * extracted on the server. The answer lists the stored files; their ids go in a message's
 * `context.fileIds`, and a file stays with the chat it was first sent in (deleted with it).
 */

/** The formats a chat file can be, as `supported_file_formats` names them; jpg is also listed as 'jpeg'. */
export const CHAT_FILE_FORMATS = ['pdf', 'docx', 'txt', 'md', 'csv', 'html', 'png', 'jpg', 'gif', 'webp'] as const;
export type ChatFileFormat = (typeof CHAT_FILE_FORMATS)[number];
/** Formats sent to the model as images (vision models only); the others as their extracted text. */
export const CHAT_IMAGE_FORMATS: readonly ChatFileFormat[] = ['png', 'jpg', 'gif', 'webp'];

/** The stored type of each format. */
export const CHAT_FILE_MIME: Record<ChatFileFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** At most this many files in one upload request. */
export const MAX_CHAT_FILES_PER_UPLOAD = 10;
/** The largest document (PDF, DOCX, text, HTML): 20 MB. */
export const MAX_CHAT_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** The largest image: 5 MB, what the providers take inline (as MAX_IMAGE_BYTES of bug-report images). */
export const MAX_CHAT_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most bytes of files in one upload request: 50 MB. */
export const MAX_CHAT_UPLOAD_BYTES = 50 * 1024 * 1024;
export { MAX_CHAT_FILE_TEXT } from './chat-file-text';
/** At most this many files go with one message. */
export const MAX_FILES_PER_MESSAGE = 20;

/** The multipart field names of `POST /api/upload-chat-files`. */
export const CHAT_FILE_FIELDS = { files: 'files', modelId: 'modelId' } as const;
/** The `modelId` form field: decimal digits, a catalogue id. */
export const chatFileModelField = idParamSchema;

export const chatFileSchema = z.object({
  id: z.number(),
  /** The name it was uploaded under (for display only). */
  name: z.string(),
  /** What its bytes are. */
  format: z.enum(CHAT_FILE_FORMATS),
  mime: z.string(),
  size: z.number(),
  /** Characters of extracted text; null for an image. */
  chars: z.number().nullable(),
  /** The chat it was sent in, once it was; it is deleted with that chat. */
  chatId: z.number().nullable(),
  createdAt: z.string(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;
/** `POST /api/upload-chat-files` (201): the stored files, in upload order. */
export const chatFileUploadResponseSchema = z.object({ data: z.array(chatFileSchema), total: z.number() });
