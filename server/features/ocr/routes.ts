import { OCR_IMAGE_FIELD } from '../../../lib/api/ocr-contract';
import { ocrApi } from '../../../lib/api/routes/ocr';
import { MAX_IMAGE_BYTES } from '../../../lib/files/image-type';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { formBodyLimit } from '../../http/form-body-limit';
import { NoTurnLeft } from '../chat-files/reading-turns';
import { gemOwnerFor } from '../sharing/access';
import { readForm } from '../uploads/routes';
import { checkFiles } from '../uploads/uploads';
import { getImageText } from './image-text';
import { OcrFailed, recognizeText } from './ocr-read';

const MAX_OCR_BODY = MAX_IMAGE_BYTES + 64 * 1024;

/** The image of `POST /api/ocre`, checked as every uploaded image is (uploads.ts), its problems named by its field. */
async function imageOf(form: FormData) {
  const entries = form.getAll(OCR_IMAGE_FIELD);
  if (entries.length !== 1)
    throw fieldError(400, OCR_IMAGE_FIELD, `Attach exactly one image in the multipart field "${OCR_IMAGE_FIELD}"`);
  try {
    const [file] = await checkFiles(entries);
    if (file) return file;
  } catch (error) {
    if (error instanceof ApiError) {
      const message = error.message.replace(/^files\[0\] \([^)]*\): /, '');
      throw fieldError(error.status, OCR_IMAGE_FIELD, message);
    }
    throw error;
  }
  throw fieldError(400, OCR_IMAGE_FIELD, 'Attach an image');
}

/** Text from images (lib/api/routes/ocr.ts), mounted at /api behind the user check. */
export function ocrRoutes({ db, ocr }: Deps) {
  const limit = formBodyLimit(MAX_OCR_BODY);
  return contractRoutes<AppEnv>('/api')
    .implement(ocrApi.imageText, async (c, { query }) => {
      if ((await gemOwnerFor(db, c.get('userId'), query.image)) === null)
        throw fieldError(404, 'image', 'Gem not found');
      return { status: 200, body: { data: await getImageText(db, query.image) } };
    })
    .implement(
      ocrApi.recognize,
      async (c) => {
        const file = await imageOf(await readForm(c));
        try {
          return { status: 200, body: { data: await recognizeText(file.bytes, String(c.get('userId')), ocr) } };
        } catch (error) {
          if (error instanceof OcrFailed) throw fieldError(400, OCR_IMAGE_FIELD, error.message);
          if (error instanceof NoTurnLeft) throw new ApiError(503, 'Too many images are being read; try again soon');
          throw error;
        }
      },
      { middleware: [limit] },
    ).app;
}
