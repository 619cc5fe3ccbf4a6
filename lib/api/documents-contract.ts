import { z } from 'zod';
import type { CHAT_FILE_FORMATS } from './chat-files-contract';
import { idParamSchema } from './integers';

/**
 * Text from documents and images (server/features/documents/): `POST /api/extract-document` reads a document's text
 * with the chat files' readers; `POST /api/enhanced-text` has the user's model clean up a text read from an image, a
 * document or pasted raw (OCR slips, words split across lines, running headers and footers).
 */

/** The multipart fields of both routes: `files` one file, as every upload route names it. */
export const DOCUMENT_FIELDS = { files: 'files', text: 'text', modelId: 'modelId' } as const;

/** The formats a document is read from (images are not documents: their text is OCR's). */
export const DOCUMENT_FORMATS = [
  'pdf',
  'docx',
  'txt',
  'md',
  'csv',
  'html',
] as const satisfies readonly (typeof CHAT_FILE_FORMATS)[number][];
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The most characters `POST /api/enhanced-text` cleans at once: about what a model writes back in one answer. */
export const MAX_ENHANCE_CHARS = 30_000;

const booleanQuery = z
  .enum(['true', 'false'], { error: "Must be 'true' or 'false'" })
  .transform((v) => v === 'true')
  .optional();

/**
 * `POST /api/extract-document?isExtracted=true&gemId={id}`: with `isExtracted`, the text is kept as gem `gemId`'s
 * text (its searchable text, and what a chat about it gets); without, it is only returned.
 */
export const extractDocumentQuery = z.object({ isExtracted: booleanQuery, gemId: idParamSchema.optional() });

export const extractedDocumentSchema = z.object({
  /** What the file's bytes are. */
  format: z.enum(DOCUMENT_FORMATS),
  text: z.string(),
  /** The gem the text was kept on; null when it was only returned. */
  gemId: z.number().nullable(),
});
export type ExtractedDocument = z.infer<typeof extractedDocumentSchema>;

export const ENHANCE_SOURCES = ['image', 'document', 'text'] as const;

export const enhancedTextSchema = z.object({
  /** The cleaned text. */
  text: z.string(),
  /** Where the raw text came from: an image's OCR, a document's text, or the `text` field. */
  source: z.enum(ENHANCE_SOURCES),
  /** The model that cleaned it. */
  modelName: z.string(),
});
export type EnhancedText = z.infer<typeof enhancedTextSchema>;
