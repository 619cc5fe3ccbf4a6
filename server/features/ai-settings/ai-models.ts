import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { AiModel, aiModelsQuery } from '../../../lib/api/ai-contract';
import { CATALOGUE, type CatalogueModel } from '../../ai/catalogue';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { aiModels } from '../../db/schema';
import type { AiModelRow } from '../../db/types';
import { ApiError } from '../../http/errors';

/**
 * The endpoints a team member shared with a team `userId` is in (while the sharer is in it too): their models are
 * visible to the team's members (server/features/teams/team-keys.ts says which serve them and why not).
 */
const sharedEndpoints = (userId: number | Placeholder) =>
  sql`${aiModels.endpointId} IN (SELECT tk.endpoint_id FROM team_keys tk WHERE tk.kind = 'endpoint'
    AND tk.team_id IN (SELECT trove_user_teams(${userId})) AND tk.team_id IN (SELECT trove_user_teams(tk.shared_by)))`;

/**
 * The models a user may see and use: the catalogue's, those discovered from their own endpoints, and those of
 * endpoints shared with their teams.
 */
export const visibleTo = (userId: number | Placeholder): SQL | undefined =>
  or(isNull(aiModels.endpointId), eq(aiModels.ownerId, userId), sharedEndpoints(userId));

/**
 * Upserts the catalogue (the built-in one with the operator's file applied, see operator-catalogue.ts)
 * into `ai_models` (keyed by provider + model), so a model keeps its id across restarts; models no longer
 * in the catalogue are kept (chats refer to them) but marked inactive. Models discovered from users'
 * endpoints are not the catalogue's and are left alone. Idempotent, and safe when several server copies
 * start together.
 */
export async function syncCatalogue(db: Db, catalogue: CatalogueModel[] = CATALOGUE): Promise<void> {
  const rows = catalogue.map((m) => ({
    model: m.model,
    provider: m.provider,
    displayName: m.displayName,
    type: m.type,
    logoLink: m.logoLink,
    isActive: m.isActive,
    languages: m.languages,
    isWebSearchEnabled: m.is_web_search_enabled,
    isReasoningEnabled: m.is_reasoning_enabled,
    isAudioEnabled: m.is_audio_enabled,
    isVideoEnabled: m.is_video_enabled,
    isVisionEnabled: m.is_vision_enabled,
    isImageGenerated: m.is_image_generated,
    isAttachmentSupported: m.isAttachmentSupported,
    contentLength: m.content_length,
    supportedFileFormats: m.supported_file_formats,
    isHouseModel: m.isHouseModel,
    isDefaultHouseModel: m.isDefaultHouseModel,
    inputPricePerMillion: m.inputPricePerMillion,
    outputPricePerMillion: m.outputPricePerMillion,
  }));
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  const updatable = Object.entries(getTableColumns(aiModels))
    .filter(([key]) => !['id', 'model', 'provider', 'updatedAt'].includes(key))
    .map(([key, column]) => [key, column.name] as const);
  await db.transaction(async (tx) => {
    await tx
      .insert(aiModels)
      .values(rows)
      .onConflictDoUpdate({
        target: [aiModels.provider, aiModels.model],
        targetWhere: isNull(aiModels.endpointId),
        set: { ...Object.fromEntries(updatable.map(([key, name]) => [key, excluded(name)])), updatedAt: sql`now()` },
      });
    const keys = catalogue.map((m) => `${m.provider}\t${m.model}`);
    await tx
      .update(aiModels)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(aiModels.isActive, true),
          isNull(aiModels.endpointId),
          notInArray(sql`concat_ws(chr(9), ${aiModels.provider}, ${aiModels.model})`, keys),
        ),
      );
  });
}

/** The API shape (spec field names; the house flags under the spec's names). */
export function toAiModel(row: AiModelRow): AiModel {
  return {
    id: row.id,
    model: row.model,
    provider: row.provider,
    displayName: row.displayName,
    type: row.type,
    logoLink: row.logoLink,
    isActive: row.isActive,
    languages: row.languages,
    is_web_search_enabled: row.isWebSearchEnabled,
    is_reasoning_enabled: row.isReasoningEnabled,
    is_audio_enabled: row.isAudioEnabled,
    is_video_enabled: row.isVideoEnabled,
    is_vision_enabled: row.isVisionEnabled,
    is_image_generated: row.isImageGenerated,
    isAttachmentSupported: row.isAttachmentSupported,
    content_length: row.contentLength,
    supported_file_formats: row.supportedFileFormats,
    isCurateitAI: row.isHouseModel,
    isDefaultForCurateit: row.isDefaultHouseModel,
    inputPricePerMillion: row.inputPricePerMillion,
    outputPricePerMillion: row.outputPricePerMillion,
  };
}

/** displayName ascending, byte-wise (the same order on PGlite and on PostgreSQL of any locale), then id. */
const byDisplayName = [asc(sql`lower(${aiModels.displayName}) collate "C"`), asc(aiModels.id)];

/** `GET /api/ai-models`: active models the user may see, a page at a time. */
export async function listActiveModels(db: Db, userId: number, q: z.output<typeof aiModelsQuery>) {
  const where = and(eq(aiModels.isActive, true), visibleTo(userId), q.type ? eq(aiModels.type, q.type) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(aiModels)
      .where(where)
      .orderBy(...byDisplayName)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(aiModels).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * The models of an endpoint its owner removed while it was shared with a team `userId` is in (kept inactive, see
 * custom-endpoints.ts removeEndpoint): its members still see them, Inactive saying why, and chats still name them.
 */
const removedShared = (userId: number) =>
  and(eq(aiModels.isActive, false), ne(aiModels.ownerId, userId), sharedEndpoints(userId));

/** `GET /api/user-models`' models: the active ones the user may see, and those of a shared endpoint since removed. */
export const listedModels = (db: Db, userId: number) =>
  db
    .select()
    .from(aiModels)
    .where(or(and(eq(aiModels.isActive, true), visibleTo(userId)), removedShared(userId)))
    .orderBy(...byDisplayName);

/** A model of a shared endpoint since removed (removedShared), by id: refused saying why rather than "not found". */
export async function removedSharedModel(db: Db, userId: number, id: number): Promise<AiModelRow | undefined> {
  const [row] = await db
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.id, id), removedShared(userId)));
  return row;
}

/** An active model by id that the user may see (visibleTo), or 404. */
const activeModelQuery = preparedFor((db) =>
  db
    .select()
    .from(aiModels)
    .where(
      and(eq(aiModels.id, sql.placeholder('id')), eq(aiModels.isActive, true), visibleTo(sql.placeholder('userId'))),
    )
    .prepare('active_model'),
);

/** Another user's model, or one whose endpoint was removed, is "not found" like any unknown id. */
export async function getActiveModel(db: Db, userId: number, id: number): Promise<AiModelRow> {
  const [row] = await activeModelQuery(db).execute({ id, userId });
  if (!row) throw new ApiError(404, 'AI model not found');
  return row;
}

/**
 * Those of `ids` that name no model the user may see, in their order. A catalogue model since retired
 * (inactive) is still known: a list saved while it was offered can be saved again.
 */
export async function unknownModelIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const known = await db
    .select({ id: aiModels.id })
    .from(aiModels)
    .where(and(inArray(aiModels.id, ids), visibleTo(userId)));
  const knownIds = new Set(known.map((row) => row.id));
  return [...new Set(ids)].filter((id) => !knownIds.has(id));
}

/** An active model of that type the user may use, by its catalogue name (and provider display name, when given). */
/** The operator's default house text model, when it is active (the model a user without a default of their own has). */
export async function houseDefaultTextModel(db: Db) {
  const [row] = await db
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.isActive, true), eq(aiModels.isDefaultHouseModel, true), eq(aiModels.type, 'Text')))
    .orderBy(asc(aiModels.id))
    .limit(1);
  return row;
}

export async function findActiveModel(
  db: Db,
  userId: number,
  type: 'Text' | 'Image',
  model: string,
  provider?: string | null,
) {
  const rows = await db
    .select()
    .from(aiModels)
    .where(
      and(
        eq(aiModels.isActive, true),
        visibleTo(userId),
        eq(aiModels.type, type),
        eq(aiModels.model, model),
        provider ? eq(aiModels.provider, provider) : undefined,
      ),
    )
    .orderBy(asc(aiModels.id));
  return rows[0];
}
