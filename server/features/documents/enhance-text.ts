import type { Db } from '../../db/client';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { getActiveModel } from '../ai-settings/ai-models';
import { defaultTextModelId } from '../ai-settings/ai-settings';
import { askModel, fitted } from '../prompts/ask-model';

/** `POST /api/enhanced-text`'s instruction: a proofreader's, not a writer's (the text's words are the user's). */
export const ENHANCE_INSTRUCTION = `You clean up text that was read from a scanned page, a photo or a document. Fix characters the reading got wrong, join words and sentences split across lines or by hyphenation, remove running headers, footers and page numbers, and keep paragraphs, lists and headings. Change nothing else: do not summarise, translate, reword or add anything. Reply with only the cleaned text.`;

export const NO_TEXT_MODEL = 'No AI model to clean the text with: choose a default model in AI settings';

/** The model named, else the user's default text model, else the operator's default house model; none is a 400. */
async function modelIdFor(db: Db, ai: Deps['ai'], userId: number, given: number | undefined): Promise<number> {
  const model = given ?? (await defaultTextModelId(db, ai, userId));
  if (model === undefined) throw fieldError(400, 'modelId', NO_TEXT_MODEL);
  return model;
}

/** `text` as the model cleans it, and the model's name; a provider failure is askModel's 502. */
export async function enhanceText(
  db: Db,
  ai: Deps['ai'],
  userId: number,
  text: string,
  options: { modelId?: number; abortSignal?: AbortSignal },
): Promise<{ text: string; modelName: string }> {
  const modelId = await modelIdFor(db, ai, userId, options.modelId);
  const reply = await askModel(db, ai, userId, modelId, ENHANCE_INSTRUCTION, (length) => fitted(text, length), {
    abortSignal: options.abortSignal,
  });
  const modelName = (await getActiveModel(db, userId, modelId)).displayName;
  if (!reply) throw new ApiError(502, `${modelName} answered with no text; try again or choose another model`);
  return { text: reply, modelName };
}
