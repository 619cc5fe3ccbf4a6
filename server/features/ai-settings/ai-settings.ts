import { eq, sql } from 'drizzle-orm';
import {
  type ModelLabel,
  missingAddressMessage,
  missingKeyMessage,
  type UpdateAiSettingsInput,
  type UserModel,
} from '../../../lib/api/ai-contract';
import { keyFieldNames, PROVIDER_NAMES, PROVIDERS, type ProviderName, providerBySlug } from '../../ai/catalogue';
import { decryptSecret, keyContext, maskKey } from '../../ai/crypto';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { userAiSettings } from '../../db/schema';
import type { AiModelRow, SettingsRow } from '../../db/types';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { heldCredits, noCreditsMessage } from '../credits/credits';
import { withInstructionDefaults } from '../instructions/voices';
import { teamKeysFor } from '../teams/team-keys';
import { type TeamRoute, teamRouteFor } from '../teams/team-route';
import {
  findActiveModel,
  getActiveModel,
  houseDefaultTextModel,
  listedModels,
  toAiModel,
  unknownModelIds,
} from './ai-models';
import { listEndpointRows } from './custom-endpoints';

type Ai = Deps['ai'];

const settingsRowQuery = preparedFor((db) =>
  db
    .select()
    .from(userAiSettings)
    .where(eq(userAiSettings.userId, sql.placeholder('userId')))
    .prepare('settings_row'),
);

/** The user's settings row, created on first use with the operator's starting credits. */
export async function getSettingsRow(db: Db, ai: Ai, userId: number): Promise<SettingsRow> {
  const [row] = await settingsRowQuery(db).execute({ userId });
  if (row) return row;
  const [created] = await db
    .insert(userAiSettings)
    .values({ userId, credits: ai.startingCredits })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // created by a concurrent request meanwhile
  const [existing] = await settingsRowQuery(db).execute({ userId });
  if (!existing) throw new Error('AI settings row vanished between insert and select');
  return existing;
}

/**
 * The model a user's text work goes to when they chose none for it: their default text model, else the operator's
 * default house model (usable only with credits: modelAccess says so), else undefined.
 */
export async function defaultTextModelId(db: Db, ai: Ai, userId: number): Promise<number | undefined> {
  const settings = await getSettingsRow(db, ai, userId);
  const own = settings.defaultModel
    ? await findActiveModel(db, userId, 'Text', settings.defaultModel, settings.defaultAI)
    : undefined;
  return (own ?? (await houseDefaultTextModel(db)))?.id;
}

/** A built-in provider by display name (any case) or slug. */
const builtInProvider = (value: string): ProviderName | undefined =>
  PROVIDER_NAMES.find((n) => n.toLowerCase() === value.toLowerCase()) ?? providerBySlug(value);

/** A provider given by display name or slug, or a 400 naming `field`. */
export function resolveProvider(value: string, field: string): ProviderName {
  const name = builtInProvider(value);
  if (!name) throw fieldError(400, field, `Unknown provider "${value}" (one of ${PROVIDER_NAMES.join(', ')})`);
  return name;
}

/**
 * A default model's provider: a built-in one (resolveProvider) or, by its name in any case, one of the user's
 * endpoints.
 */
async function resolveModelProvider(db: Db, userId: number, value: string, field: string): Promise<string> {
  const builtIn = builtInProvider(value);
  if (builtIn) return builtIn;
  const endpoint = (await listEndpointRows(db, userId)).find((e) => e.name.toLowerCase() === value.toLowerCase());
  if (endpoint) return endpoint.name;
  return resolveProvider(value, field);
}

/** What the user has for each provider: the key's mask, whether it decrypts, the base URL and the switch. */
interface ProviderState {
  mask: string | null;
  /** The key decrypts under the server's secret (a rotated secret leaves an unusable key). */
  hasKey: boolean;
  baseUrl: string | null;
  enabled: boolean;
}

export function decryptField(ai: Ai, row: SettingsRow, field: string): string | undefined {
  const stored = row.keys[field];
  if (!stored) return undefined;
  try {
    return decryptSecret(ai.secret, stored, keyContext(row.userId, field));
  } catch {
    return undefined;
  }
}

export function providerState(ai: Ai, row: SettingsRow, name: ProviderName): ProviderState {
  const { slug } = PROVIDERS[name];
  const field = keyFieldNames(name).apiKey;
  const key = decryptField(ai, row, field);
  return {
    mask: key !== undefined ? maskKey(key) : row.keys[field] ? '••••' : null,
    hasKey: key !== undefined,
    baseUrl: row.baseUrls[slug] ?? null,
    enabled: row.providerStatus[slug] !== false,
  };
}

const modelEnabled = (row: SettingsRow, model: AiModelRow) => row.modelStatus[String(model.id)] !== false;

/** The user's own key (or address) for a catalogue model's provider makes it usable. */
function ownKeyUsable(ai: Ai, row: SettingsRow, model: AiModelRow): boolean {
  const name = model.provider as ProviderName;
  const state = providerState(ai, row, name);
  return PROVIDERS[name].keyRequired ? state.hasKey : state.hasKey || state.baseUrl !== null;
}

export const NO_TEAM: TeamRoute = { key: null, reason: null, preferred: false };

/**
 * Why a model cannot be used (the spec's message first), or undefined when it can. Without a key of their own, a key
 * shared with the user's team (`team`, server/features/teams/team-route.ts) makes it usable, or says why it does not.
 */
function refusal(ai: Ai, row: SettingsRow, model: AiModelRow, team: TeamRoute = NO_TEAM): string | undefined {
  if (model.endpointId !== null) {
    if (!modelEnabled(row, model)) return `${model.displayName} is turned off in your AI settings`;
    // A model discovered from the user's own endpoint: usable (the endpoint holds its key).
    if (model.ownerId === row.userId) return undefined;
    // One of an endpoint a team member shared: only through it.
    if (team.key) return undefined;
    return team.reason ?? `${model.displayName} is not shared with you`;
  }
  const name = model.provider as ProviderName;
  if (!(name in PROVIDERS)) return `${model.displayName} cannot be used`;
  const state = providerState(ai, row, name);
  if (model.isHouseModel) {
    if (!ai.house) return `${model.displayName} is not available: this server's operator has not set up house models`;
    if (row.credits <= 0) return noCreditsMessage(model);
  } else if (!ownKeyUsable(ai, row, model) && !team.key) {
    if (team.reason) return team.reason;
    return PROVIDERS[name].keyRequired ? missingKeyMessage(model.provider) : missingAddressMessage(model.provider);
  }
  if (!state.enabled) return `${model.provider} is turned off in your AI settings`;
  if (!modelEnabled(row, model)) return `${model.displayName} is turned off in your AI settings`;
  return undefined;
}

/** Whether an answer with a usable model goes through the team's shared key rather than the user's own. */
export const throughTeam = (ai: Ai, row: SettingsRow, model: AiModelRow, team: TeamRoute) =>
  team.key !== null && (model.endpointId !== null || team.preferred || !ownKeyUsable(ai, row, model));

/**
 * A model's label for this user: Credits (a house model, house models configured, credits left), API
 * (the user's own key), Team (a key shared with their team, when they have none of their own or made it their default),
 * Inactive otherwise (including a provider or model the user switched off).
 */
export function modelLabel(ai: Ai, row: SettingsRow, model: AiModelRow, team: TeamRoute = NO_TEAM): ModelLabel {
  if (refusal(ai, row, model, team)) return 'Inactive';
  if (model.isHouseModel) return 'Credits';
  return throughTeam(ai, row, model, team) ? 'Team' : 'API';
}

/**
 * The settings row with the credits the user's running answers hold counted as still theirs (read only
 * at 0, where it matters): a house model is not Inactive, nor refused as a default, while an answer holds
 * the last credit. Starting another answer is still refused then, by the hold (features/credits/credits.ts).
 */
async function withHeldCredits(db: Db, row: SettingsRow): Promise<SettingsRow> {
  if (row.credits > 0) return row;
  const held = await heldCredits(db, row.userId);
  return held ? { ...row, credits: row.credits + held } : row;
}

/**
 * Every model the user may use (the catalogue's, their endpoints' and those of endpoints shared with their teams, with
 * those of a shared endpoint since removed), with their label and switches.
 */
export async function listUserModels(db: Db, ai: Ai, userId: number): Promise<UserModel[]> {
  const [row, models, endpoints, teamKeys] = await Promise.all([
    getSettingsRow(db, ai, userId).then((row) => withHeldCredits(db, row)),
    listedModels(db, userId),
    listEndpointRows(db, userId),
    teamKeysFor(db, ai, userId),
  ]);
  const endpointById = new Map(endpoints.map((e) => [e.id, { id: e.id, name: e.name, kind: e.kind }]));
  return models.map((model) => {
    const team = teamRouteFor(teamKeys, model, userId);
    const label = modelLabel(ai, row, model, team);
    return {
      ...toAiModel(model),
      label,
      inactiveReason: refusal(ai, row, model, team) ?? null,
      team: label === 'Team' && team.key ? { id: team.key.teamId, name: team.key.teamName, keyId: team.key.id } : null,
      enabled: modelEnabled(row, model),
      providerEnabled:
        model.endpointId !== null ||
        row.providerStatus[PROVIDERS[model.provider as ProviderName]?.slug ?? ''] !== false,
      endpoint: model.endpointId !== null ? (endpointById.get(model.endpointId) ?? null) : null,
      discovered: model.discovered ? { contextLengthSet: null, ...model.discovered } : null,
    };
  });
}

/** The API shape: settings fields, credits, providers, and the spec's flat key fields, masked. */
export function toAiSettings(ai: Ai, row: SettingsRow) {
  const providers = PROVIDER_NAMES.map((name) => {
    const state = providerState(ai, row, name);
    return {
      provider: name,
      slug: PROVIDERS[name].slug,
      keyRequired: PROVIDERS[name].keyRequired,
      apiKey: state.mask,
      baseUrl: state.baseUrl,
      enabled: state.enabled,
    };
  });
  const keyFields: Record<string, string | null> = {};
  for (const name of PROVIDER_NAMES) {
    for (const field of Object.values(keyFieldNames(name))) {
      const plain = decryptField(ai, row, field);
      keyFields[field] = plain !== undefined ? maskKey(plain) : row.keys[field] ? '••••' : null;
    }
  }
  return {
    ...keyFields,
    enableModels: row.enableModels,
    defaultAI: row.defaultAI,
    defaultModel: row.defaultModel,
    defaultImageAI: row.defaultImageAI,
    defaultImageModel: row.defaultImageModel,
    defaultLanguage: row.defaultLanguage,
    defaultBrandPersona: row.defaultBrandPersona,
    defaultBrandPersonaName: row.defaultBrandPersonaName,
    defaultBrandVoiceId: row.defaultBrandVoiceId,
    defaultBrandVoiceName: row.defaultBrandVoiceName,
    costEstimate: row.costEstimate,
    enableMemory: row.enableMemory,
    streaming: row.streaming,
    followUpQuestions: row.followUpQuestions,
    showCitations: row.showCitations,
    credits: row.credits,
    providers,
  };
}

/** Refuses (400, naming `field`) a model the user cannot use, with the spec's message when the key is missing. */
export function assertUsable(ai: Ai, row: SettingsRow, model: AiModelRow, field: string, team: TeamRoute = NO_TEAM) {
  const reason = refusal(ai, row, model, team);
  if (reason) throw fieldError(400, field, reason, reason);
}

/** How a key shared with the user's team serves the model (nothing for house models and their own endpoints'). */
export async function teamRouteOf(db: Db, ai: Ai, userId: number, model: AiModelRow): Promise<TeamRoute> {
  if (model.isHouseModel || model.ownerId === userId) return NO_TEAM;
  return teamRouteFor(await teamKeysFor(db, ai, userId), model, userId);
}

/**
 * Writes what `change` makes of the user's settings row, in one transaction with the row locked, so the settings
 * never keep what a delete made meanwhile removed: an endpoint's models are cleared from this row by their delete's
 * transaction after it deletes them (so either `change` waits and finds them gone, or its write is cleared); a
 * voice or persona is kept from deletion while checked (withInstructionDefaults).
 */
async function changeSettings(
  db: Db,
  ai: Ai,
  userId: number,
  change: (tx: Db, row: SettingsRow) => Promise<Partial<typeof userAiSettings.$inferInsert>>,
): Promise<SettingsRow> {
  await getSettingsRow(db, ai, userId); // made on first use, before it is locked
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userAiSettings).where(eq(userAiSettings.userId, userId)).for('update');
    if (!row) throw new Error('AI settings row vanished');
    const patch = await change(tx, row);
    if (Object.keys(patch).length === 0) return row;
    const [updated] = await tx
      .update(userAiSettings)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(userAiSettings.userId, userId))
      .returning();
    return updated ?? row;
  });
}

/**
 * `PUT /api/ai-settings`: a default model must be one the user can use; a
 * default voice or persona the user's own (its name filled in, see withInstructionDefaults); each of
 * `enableModels` a model the user may see.
 */
export function updateAiSettings(db: Db, ai: Ai, userId: number, request: UpdateAiSettingsInput) {
  return changeSettings(db, ai, userId, async (tx, row) => {
    const input = await withInstructionDefaults(tx, userId, request);
    const unknown = await unknownModelIds(tx, userId, input.enableModels ?? []);
    if (unknown.length)
      throw fieldError(400, 'enableModels', `Unknown model id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    const patch: Partial<typeof userAiSettings.$inferInsert> = { ...input } as Partial<
      typeof userAiSettings.$inferInsert
    >;
    for (const [type, modelField, providerField] of [
      ['Text', 'defaultModel', 'defaultAI'],
      ['Image', 'defaultImageModel', 'defaultImageAI'],
    ] as const) {
      const provider = input[providerField];
      if (provider) patch[providerField] = await resolveModelProvider(tx, userId, provider, providerField);
      const modelName = input[modelField];
      if (!modelName) continue;
      const model = await findActiveModel(tx, userId, type, modelName, provider ? patch[providerField] : undefined);
      if (!model) throw fieldError(400, modelField, `no active ${type.toLowerCase()} model "${modelName}"`);
      assertUsable(ai, await withHeldCredits(tx, row), model, modelField, await teamRouteOf(tx, ai, userId, model));
      patch[providerField] = model.provider;
    }
    return patch;
  });
}

/** `POST /api/ai-settings/select-model`: makes a usable model the default text or image model. */
export function selectModel(db: Db, ai: Ai, userId: number, modelId: number, kind: 'text' | 'image') {
  return changeSettings(db, ai, userId, async (tx, row) => {
    const model = await getActiveModel(tx, userId, modelId);
    const type = kind === 'image' ? 'Image' : 'Text';
    if (model.type !== type) throw fieldError(400, 'kind', `${model.displayName} is not a ${kind} model`);
    assertUsable(ai, await withHeldCredits(tx, row), model, 'modelId', await teamRouteOf(tx, ai, userId, model));
    return kind === 'image'
      ? { defaultImageAI: model.provider, defaultImageModel: model.model }
      : { defaultAI: model.provider, defaultModel: model.model };
  });
}
