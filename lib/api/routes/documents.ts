import { z } from 'zod';
import { dataOf } from '../core-contract';
import {
  DOCUMENT_FIELDS,
  enhancedTextSchema,
  extractDocumentQuery,
  extractedDocumentSchema,
  MAX_ENHANCE_CHARS,
} from '../documents-contract';
import { defineRoute } from '../route';

/** Text from documents, and text cleaned up by the user's model (lib/api/documents-contract.ts). */
export const documentApi = {
  extract: defineRoute({
    method: 'post',
    path: '/api/extract-document',
    tag: 'Text from documents',
    summary: "Read a document's text",
    description:
      `\`${DOCUMENT_FIELDS.files}\`: one document (PDF, DOCX, HTML, Markdown, CSV or plain text, by its bytes; 20 MB, ` +
      'at most 1,000,000 characters of text), read as chat files are. With `isExtracted=true` the text is kept as ' +
      "gem `gemId`'s text (it needs the right to change the gem; another's or an unknown gem is a 404), else it is " +
      'only returned. A file of another kind is a 415, a bigger one a 413, an unreadable or empty one a 400 saying why.',
    auth: 'user',
    query: extractDocumentQuery,
    body: { type: 'multipart', schema: z.object({}), files: [DOCUMENT_FIELDS.files] },
    responses: { 200: { description: "The document's text", schema: dataOf(extractedDocumentSchema) } },
    errors: [404, 413, 415, 429, 503],
  }),
  enhance: defineRoute({
    method: 'post',
    path: '/api/enhanced-text',
    tag: 'Text from documents',
    summary: 'Clean up a text read from an image or a document',
    description:
      `Either \`${DOCUMENT_FIELDS.files}\` (one image, read by OCR, 5 MB; or one document, as \`POST ` +
      `/api/extract-document\` reads it) or \`${DOCUMENT_FIELDS.text}\` (the raw text). The model (\`modelId\`, else ` +
      'the default text model) fixes recognition errors, joins words split across lines and drops running headers, ' +
      `footers and page numbers, changing nothing else; nothing is stored. At most ${MAX_ENHANCE_CHARS.toLocaleString('en-US')} ` +
      'characters (413). A house model costs credits as an answer does; a provider failure is a 502 saying why.',
    auth: 'user',
    body: {
      type: 'multipart',
      schema: z.object({
        [DOCUMENT_FIELDS.text]: z.string().optional().describe('The raw text, when no file is sent'),
        [DOCUMENT_FIELDS.modelId]: z
          .string()
          .optional()
          .describe('The model to clean with; none: the default text model'),
      }),
      files: [DOCUMENT_FIELDS.files],
    },
    responses: { 200: { description: 'The cleaned text', schema: dataOf(enhancedTextSchema) } },
    errors: [404, 413, 415, 429, 502, 503],
  }),
};
