import { CHAT_FILE_FIELDS, chatFileModelField, MAX_CHAT_UPLOAD_BYTES } from '../../../lib/api/chat-files-contract';
import { chatFileApi } from '../../../lib/api/routes/chat-files';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { formBodyLimit } from '../../http/form-body-limit';
import { getActiveModel } from '../ai-settings/ai-models';
import { readForm } from '../uploads/routes';
import { storeUploads } from '../uploads/uploads';
import { checkChatFiles, toChatFile } from './chat-files';

/** The largest chat-file request: the files' total plus room for the multipart framing. */
export const MAX_CHAT_UPLOAD_BODY = MAX_CHAT_UPLOAD_BYTES + 1024 * 1024;

/** The `modelId` form field as a catalogue id; missing or malformed is a 400 naming it. */
function modelIdOf(value: FormDataEntryValue | null): number {
  const parsed = chatFileModelField.safeParse(typeof value === 'string' ? value : undefined);
  if (parsed.success) return parsed.data;
  throw fieldError(400, CHAT_FILE_FIELDS.modelId, 'Required: the id of the model the files are for');
}

/**
 * Mounted at /api behind the user check. `POST /upload-chat-files` (multipart: `files`, `modelId`)
 * checks each file against the model by its bytes, extracts its text and stores it for the user.
 */
export function chatFileRoutes({ db, files, pdfRead }: Deps) {
  const routes = contractRoutes<AppEnv>('/api');
  routes.app.use('/upload-chat-files', formBodyLimit(MAX_CHAT_UPLOAD_BODY));
  return routes.implement(chatFileApi.upload, async (c) => {
    const form = await readForm(c);
    const userId = c.get('userId');
    const model = await getActiveModel(db, userId, modelIdOf(form.get(CHAT_FILE_FIELDS.modelId)));
    const accepted = await checkChatFiles(form.getAll(CHAT_FILE_FIELDS.files), model, { userId, limits: pdfRead });
    const rows = await storeUploads(db, files.store, userId, 'chat', accepted);
    return { status: 201, body: { data: rows.map(toChatFile), total: rows.length } };
  }).app;
}
