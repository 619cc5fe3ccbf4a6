import { MAX_CHAT_DOCUMENT_BYTES } from '../../../lib/api/chat-files-contract';
import { DOCUMENT_FIELDS, MAX_ENHANCE_CHARS } from '../../../lib/api/documents-contract';
import { idParamSchema } from '../../../lib/api/integers';
import { documentApi } from '../../../lib/api/routes/documents';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { formBodyLimit } from '../../http/form-body-limit';
import { editGem } from '../gems/shared-gems';
import { readForm } from '../uploads/routes';
import { fileText, oneFile, readDocument } from './document-text';
import { enhanceText } from './enhance-text';

/** The largest request: one document and the multipart framing (and a text field beside it). */
const MAX_DOCUMENT_BODY = MAX_CHAT_DOCUMENT_BYTES + 256 * 1024;

/** The `modelId` form field, when sent: a catalogue id, else a 400 naming it. */
function modelIdOf(value: FormDataEntryValue | null): number | undefined {
  if (value === null || value === '') return undefined;
  const parsed = idParamSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw fieldError(400, DOCUMENT_FIELDS.modelId, 'Must be the id of a model');
}

/** Text from documents, cleaned up by a model (lib/api/routes/documents.ts), mounted at /api behind the user check. */
export function documentRoutes({ db, ai, ocr, pdfRead }: Deps) {
  const limit = formBodyLimit(MAX_DOCUMENT_BODY);
  return contractRoutes<AppEnv>('/api')
    .implement(
      documentApi.extract,
      async (c, { query }) => {
        const keep = query.isExtracted === true;
        if (keep && query.gemId === undefined)
          throw fieldError(400, 'gemId', 'Name the gem to keep the text on (or leave isExtracted out)');
        const file = oneFile(await readForm(c));
        if (!file) throw fieldError(400, DOCUMENT_FIELDS.files, 'Attach the document');
        const userId = c.get('userId');
        const read = await readDocument(file, { userId, pdfRead, ocr });
        let gemId: number | null = null;
        if (keep && query.gemId !== undefined)
          gemId = (await editGem(db, c.get('owner'), query.gemId, { text: read.text })).id;
        return { status: 200, body: { data: { format: read.format, text: read.text, gemId } } };
      },
      { middleware: [limit] },
    )
    .implement(
      documentApi.enhance,
      async (c) => {
        const form = await readForm(c);
        const file = oneFile(form);
        const given = form.get(DOCUMENT_FIELDS.text);
        // a multipart text field's line breaks arrive as CRLF (the form's encoding), not as typed
        const raw = typeof given === 'string' ? given.replace(/\r\n?/g, '\n').trim() : '';
        if (file && raw) throw fieldError(400, DOCUMENT_FIELDS.text, 'Send either a file or a text, not both');
        const modelId = modelIdOf(form.get(DOCUMENT_FIELDS.modelId));
        const userId = c.get('userId');
        let source: 'image' | 'document' | 'text' = 'text';
        let text = raw;
        if (file) {
          const read = await fileText(file, { userId, pdfRead, ocr });
          source = read.kind;
          text = read.text;
        } else if (!text)
          throw fieldError(400, DOCUMENT_FIELDS.text, 'Send a text to clean up, or a file to read it from');
        const where = file ? DOCUMENT_FIELDS.files : DOCUMENT_FIELDS.text;
        if (text.length > MAX_ENHANCE_CHARS)
          throw fieldError(
            413,
            where,
            `Its text has ${text.length.toLocaleString('en-US')} characters; at most ${MAX_ENHANCE_CHARS.toLocaleString('en-US')} are cleaned at once`,
          );
        const cleaned = await enhanceText(db, ai, userId, text, { modelId, abortSignal: c.req.raw.signal });
        return { status: 200, body: { data: { ...cleaned, source } } };
      },
      { middleware: [limit] },
    ).app;
}
