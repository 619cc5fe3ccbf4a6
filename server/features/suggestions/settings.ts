/**
 * Whether the popup suggests tags at save time and with which model (`GET`/`PUT /api/suggestions/settings`). Not
 * chosen, suggestions are on as soon as a model is usable (the chosen one, else the default text model, else the house
 * model), so nothing is asked of a model before the user has one; switched off, never.
 */
import { eq } from 'drizzle-orm';
import type { SuggestionSettings, UpdateSuggestionSettingsInput } from '../../../lib/api/suggestions-contract';
import type { Db } from '../../db/client';
import { suggestionSettings } from '../../db/schema';
import type { Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { defaultTextModelId } from '../ai-settings/ai-settings';
import { modelAccess } from '../ai-settings/model-access';

type Ai = Deps['ai'];

export const NO_DEFAULT_MODEL = 'No AI model to suggest with: choose a default model in AI settings';

async function storedChoice(db: Db, userId: number) {
  const [row] = await db.select().from(suggestionSettings).where(eq(suggestionSettings.userId, userId));
  return { enabled: row?.enabled ?? null, modelId: row?.modelId ?? null };
}

/**
 * The id of the model to suggest with: the chosen one, else the default text model, else the operator's default house
 * model (usable only with credits: modelAccess says so), else undefined.
 */
export async function suggestionModelId(db: Db, ai: Ai, userId: number): Promise<number | undefined> {
  const { modelId } = await storedChoice(db, userId);
  return modelId ?? defaultTextModelId(db, ai, userId);
}

/** The refusal's words: a field error's own message, else the error's. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = (error.details as { errors?: { message: string }[] } | undefined)?.errors;
    return fields?.[0]?.message ?? error.message;
  }
  throw error;
}

export async function getSuggestionSettings(db: Db, ai: Ai, userId: number): Promise<SuggestionSettings> {
  const choice = await storedChoice(db, userId);
  const id = await suggestionModelId(db, ai, userId);
  let model: SuggestionSettings['model'] = null;
  let reason: string | null = NO_DEFAULT_MODEL;
  if (id !== undefined) {
    try {
      const found = (await modelAccess(db, ai, userId, id)).model;
      model = { id: found.id, name: found.displayName };
      reason = null;
    } catch (error) {
      reason = reasonOf(error);
    }
  }
  return { ...choice, model, active: model !== null && choice.enabled !== false, reason };
}

/** Switches suggestions on or off (null: back to "not chosen") and chooses their model (a usable one, or null). */
export async function updateSuggestionSettings(
  db: Db,
  ai: Ai,
  userId: number,
  change: UpdateSuggestionSettingsInput,
): Promise<SuggestionSettings> {
  // Refused as a 400 naming modelId when unusable, a 404 when not the user's to see.
  if (change.modelId != null) await modelAccess(db, ai, userId, change.modelId);
  const set = {
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    ...(change.modelId !== undefined ? { modelId: change.modelId } : {}),
  };
  if (Object.keys(set).length)
    await db
      .insert(suggestionSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: suggestionSettings.userId, set: { ...set, updatedAt: new Date() } });
  return getSuggestionSettings(db, ai, userId);
}
