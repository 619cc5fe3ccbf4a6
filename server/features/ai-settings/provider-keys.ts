import { eq, sql } from 'drizzle-orm';
import type { SetProviderKeyInput } from '../../../lib/api/ai-contract';
import { keyFieldNames, PROVIDERS, type ProviderName } from '../../ai/catalogue';
import { encryptSecret, keyContext } from '../../ai/crypto';
import type { Db } from '../../db/client';
import { userAiSettings } from '../../db/schema';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { getActiveModel } from './ai-models';
import { getSettingsRow } from './ai-settings';

/** A user's provider keys and base URLs, and which providers and models they turned on or off. */

type Ai = Deps['ai'];

/** Stores a provider's key encrypted (and/or its base URL). Ollama needs a base URL rather than a key. */
export async function setProviderKey(db: Db, ai: Ai, userId: number, name: ProviderName, input: SetProviderKeyInput) {
  if (name === 'Trove') throw fieldError(400, 'provider', 'house models need no key');
  const { slug, keyRequired } = PROVIDERS[name];
  if (keyRequired && !input.apiKey) throw fieldError(400, 'apiKey', 'This field is required.');
  if (!keyRequired && !input.apiKey && !input.baseUrl) throw fieldError(400, 'baseUrl', `${name} needs its base URL`);
  if (input.baseUrl) await ai.outbound.checkUserUrl(input.baseUrl, 'baseUrl');
  await getSettingsRow(db, ai, userId);
  const field = keyFieldNames(name).apiKey;
  const keys = input.apiKey
    ? sql`${userAiSettings.keys} || jsonb_build_object(${field}::text, ${encryptSecret(ai.secret, input.apiKey, keyContext(userId, field))}::text)`
    : undefined;
  const baseUrls =
    input.baseUrl === undefined
      ? undefined
      : input.baseUrl === null
        ? sql`${userAiSettings.baseUrls} - ${slug}::text`
        : sql`${userAiSettings.baseUrls} || jsonb_build_object(${slug}::text, ${input.baseUrl}::text)`;
  const [updated] = await db
    .update(userAiSettings)
    .set({ ...(keys ? { keys } : {}), ...(baseUrls ? { baseUrls } : {}), updatedAt: sql`now()` })
    .where(eq(userAiSettings.userId, userId))
    .returning();
  if (!updated) throw new Error('AI settings row vanished');
  return updated;
}

/** Removes a provider's key (all three of the spec's key fields) and its base URL. */
export async function removeProviderKey(db: Db, ai: Ai, userId: number, name: ProviderName) {
  await getSettingsRow(db, ai, userId);
  const fields = Object.values(keyFieldNames(name));
  const [updated] = await db
    .update(userAiSettings)
    .set({
      keys: sql`${userAiSettings.keys} - array[${sql.join(
        fields.map((f) => sql`${f}::text`),
        sql`, `,
      )}]`,
      baseUrls: sql`${userAiSettings.baseUrls} - ${PROVIDERS[name].slug}::text`,
      updatedAt: sql`now()`,
    })
    .where(eq(userAiSettings.userId, userId))
    .returning();
  if (!updated) throw new Error('AI settings row vanished');
  return updated;
}

async function setStatus(
  db: Db,
  ai: Ai,
  userId: number,
  column: 'providerStatus' | 'modelStatus',
  key: string,
  enabled: boolean,
) {
  await getSettingsRow(db, ai, userId);
  const target = userAiSettings[column];
  const [updated] = await db
    .update(userAiSettings)
    .set({ [column]: sql`${target} || jsonb_build_object(${key}::text, ${enabled}::boolean)`, updatedAt: sql`now()` })
    .where(eq(userAiSettings.userId, userId))
    .returning();
  if (!updated) throw new Error('AI settings row vanished');
  return updated;
}

export const setProviderStatus = (db: Db, ai: Ai, userId: number, name: ProviderName, enabled: boolean) =>
  setStatus(db, ai, userId, 'providerStatus', PROVIDERS[name].slug, enabled);

export async function setModelStatus(db: Db, ai: Ai, userId: number, modelId: number, enabled: boolean) {
  await getActiveModel(db, userId, modelId);
  return setStatus(db, ai, userId, 'modelStatus', String(modelId), enabled);
}
