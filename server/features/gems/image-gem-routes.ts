import type { Context } from 'hono';
import { createImageGemEnvelope, IMAGE_GEM_FIELDS } from '../../../lib/api/contract';
import { uploadApi } from '../../../lib/api/routes/uploads';
import { MAX_IMAGE_BYTES } from '../../../lib/files/image-type';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { formBodyLimit } from '../../http/form-body-limit';
import { parseRequestJson } from '../../http/json-text';
import { parseOrThrow } from '../../http/validate';
import { filesError, readForm } from '../uploads/routes';
import { filesAt } from '../uploads/upload-files';
import { checkFiles } from '../uploads/uploads';
import { createImageGem } from './image-gems';

/** The largest image gem request: one image, the gem fields (as much as a JSON gem may be), multipart framing. */
export const MAX_IMAGE_GEM_BODY = MAX_IMAGE_BYTES + 5 * 1024 * 1024 + 64 * 1024;

const dataError = (message: string) => fieldError(400, 'data', message);

/** The `data` field: a JSON string (or a JSON file part) of the gem fields, checked by the contract. */
async function readGemData(entry: FormDataEntryValue | null) {
  if (entry === null) throw dataError('Required: the gem fields as a JSON string');
  const text = typeof entry === 'string' ? entry : await entry.text();
  const parsed = parseRequestJson(text);
  if (!parsed.ok) throw dataError(`The gem fields as a JSON object: ${parsed.problem}`);
  return parseOrThrow(createImageGemEnvelope, { data: parsed.value }).data;
}

/**
 * Mounted at /api behind the user check. `POST /upload-all-file` saves an image gem with its bytes:
 * multipart `files` = exactly one image, `data` = the gem fields as JSON; `Idempotency-Key` honoured.
 * `POST /gems/upload-screenshot` is the same save of a screenshot of the visible tab, marked as one.
 */
export function imageGemRoutes({ db, files }: Deps) {
  const limit = formBodyLimit(MAX_IMAGE_GEM_BODY);
  const save =
    (screenshot: boolean) =>
    async (c: Context<AppEnv>, { headers }: { headers: { 'Idempotency-Key'?: string } }) => {
      const form = await readForm(c);
      const input = await readGemData(form.get(IMAGE_GEM_FIELDS.data));
      const entries = form.getAll(IMAGE_GEM_FIELDS.file);
      if (entries.length > 1) throw filesError('Attach exactly one image');
      const [file] = await checkFiles(entries);
      if (!file) throw filesError('Attach exactly one image');
      const key = headers['Idempotency-Key'];
      const fields = screenshot ? { ...input, media: { ...input.media, screenshot: true } } : input;
      const { gem, created } = await createImageGem(db, filesAt(files, c.req.url), c.get('owner'), fields, file, key);
      return created ? { status: 201 as const, body: { data: gem } } : { status: 200 as const, body: { data: gem } };
    };
  return contractRoutes<AppEnv>('/api')
    .implement(uploadApi.imageGem, save(false), { middleware: [limit] })
    .implement(uploadApi.screenshotGem, save(true), { middleware: [limit] }).app;
}
