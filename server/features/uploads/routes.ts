import { uploadApi } from '../../../lib/api/routes/uploads';
import { MAX_IMAGE_BYTES } from '../../../lib/files/image-type';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fieldError, sendError } from '../../http/errors';
import { formBodyLimit } from '../../http/form-body-limit';
import { cleanForm } from '../../http/validate';
import { baseUrlOf, parseFileName } from './upload-files';
import { checkFiles, deleteUpload, MAX_FILES_PER_UPLOAD, openStoredFile, storeUploads, toUpload } from './uploads';

/** The largest upload request: the most files at the largest size, plus room for the multipart framing. */
export const MAX_UPLOAD_BODY = MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;

export const filesError = (message: string) => fieldError(400, 'files', message);

/** The multipart form of an upload request; anything else is a 400 naming `files`. */
export async function readForm(c: {
  req: { header(name: string): string | undefined; formData(): Promise<FormData> };
}) {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? '')) {
    throw filesError('Send the images as multipart/form-data in the field "files"');
  }
  try {
    return cleanForm(await c.req.formData());
  } catch {
    throw filesError('The multipart body could not be read');
  }
}

/**
 * Mounted at /api behind the user check. `POST /upload` stores images (for now only bug-report images,
 * flagged `isFeedbackImg=true` as a form field or in the query); `DELETE /upload/{id}` removes one.
 * The upload route has its own body limit, checked after authentication.
 */
export function uploadRoutes({ db, files }: Deps) {
  const limit = formBodyLimit(MAX_UPLOAD_BODY);
  return contractRoutes<AppEnv>('/api')
    .implement(
      uploadApi.upload,
      async (c, { query }) => {
        const form = await readForm(c);
        const flag = form.get('isFeedbackImg') ?? query.isFeedbackImg;
        if (flag !== 'true') {
          const message = 'Must be true: only bug report images can be uploaded';
          throw fieldError(400, 'isFeedbackImg', message);
        }
        const accepted = await checkFiles(form.getAll('files'));
        const rows = await storeUploads(db, files.store, c.get('userId'), 'feedback', accepted);
        const base = baseUrlOf(files.publicUrl, c.req.url);
        const records = rows.map((row) => toUpload(row, base));
        return { status: 201, body: { data: { media: records.map((r) => r.url), uploads: records } } };
      },
      { middleware: [limit] },
    )
    .implement(
      uploadApi.delete,
      async (c, { params }) => ({
        status: 200,
        body: { data: await deleteUpload(db, files.store, c.get('userId'), params.id) },
      }),
      { match: { id: '[0-9]+' } },
    ).app;
}

/**
 * Mounted at /uploads, public: a link is a capability URL. Files are streamed from the store with their
 * stored type and headers that stop a browser from sniffing or running them.
 */
export function fileRoutes({ db, files }: Deps) {
  return contractRoutes('/uploads').implement(uploadApi.file, async (c, { params }) => {
    const name = parseFileName(params.file);
    // Hono answers HEAD with the GET route's headers: read no bytes for it
    const withBody = c.req.method !== 'HEAD';
    const stored = name ? await openStoredFile(db, files.store, name.key, name.ext, withBody) : null;
    if (!stored) return sendError(c, 404, 'File not found');
    const headers = {
      'Content-Type': stored.mime,
      'Content-Length': String(stored.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'private, max-age=31536000, immutable',
    };
    return stored.body ? c.body(stored.body, 200, headers) : c.body(null, 200, headers);
  }).app;
}
