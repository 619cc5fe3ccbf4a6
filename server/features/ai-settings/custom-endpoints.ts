import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type {
  ConnectionTest,
  CreateCustomEndpointInput,
  CustomEndpoint,
  TestCustomEndpointInput,
} from '../../../lib/api/ai-contract';
import { LANGUAGES, PROVIDER_NAMES } from '../../ai/catalogue';
import { decryptSecret, encryptSecret, maskKey } from '../../ai/crypto';
import { type DiscoveredEntry, discover, type EndpointConnection } from '../../ai/discovery';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { aiModels, customEndpoints, embeddingModels, teamKeys, userAiSettings } from '../../db/schema';
import type { AiModelRow, EndpointRow, Tx } from '../../db/types';
import type { Deps } from '../../http/env';
import { fieldError, notFound } from '../../http/errors';

type Ai = Deps['ai'];

/**
 * A user's own endpoints (issue 11 "Custom providers"): stored with the key encrypted like the provider
 * keys (bound to the user and the endpoint), answered with the key masked, and their models discovered
 * into `ai_models` as rows only their owner sees (`endpoint_id`, `owner_id`; deleted with the endpoint).
 */

/**
 * The context length used to fit page context into a prompt when the endpoint did not report one. It is
 * a budget, not a claim: the settings show the length as unknown. Ollama's own default window is 4,096.
 */
export const UNKNOWN_CONTEXT_BUDGET = 4_096;
const DOCS = ['pdf', 'txt', 'md', 'csv', 'docx'];
const IMAGES = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

const endpointKeyContext = (userId: number, endpointId: number) => `user:${userId}:endpoint:${endpointId}`;

/** What calling an endpoint needs of its row. */
type EndpointAddress = Pick<EndpointRow, 'id' | 'userId' | 'kind' | 'baseUrl' | 'apiKey'>;

function decryptKey(ai: Ai, row: EndpointAddress): string | undefined {
  if (!row.apiKey) return undefined;
  try {
    return decryptSecret(ai.secret, row.apiKey, endpointKeyContext(row.userId, row.id));
  } catch {
    return undefined;
  }
}

export const connectionOf = (ai: Ai, row: EndpointAddress): EndpointConnection => ({
  kind: row.kind,
  baseUrl: row.baseUrl,
  apiKey: decryptKey(ai, row),
});

/** The API shape: the key only masked (`••••` when it no longer decrypts under the server's secret). */
export function toCustomEndpoint(ai: Ai, row: EndpointRow, models: AiModelRow[]): CustomEndpoint {
  const key = decryptKey(ai, row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    apiKey: key !== undefined ? maskKey(key) : row.apiKey ? '••••' : null,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
    refreshError: row.refreshError,
    models: models
      .filter((m) => m.endpointId === row.id)
      .map((m) => ({
        id: m.id,
        model: m.model,
        displayName: m.displayName,
        contextLength: m.discovered?.contextLength ?? null,
        vision: m.discovered?.vision ?? null,
        tools: m.discovered?.tools ?? null,
        thinking: m.discovered?.thinking ?? null,
        contextLengthSet: m.discovered?.contextLengthSet ?? null,
      })),
  };
}

const endpointModels = (db: Db, endpointIds: number[]) =>
  endpointIds.length
    ? db
        .select()
        .from(aiModels)
        .where(inArray(aiModels.endpointId, endpointIds))
        .orderBy(asc(sql`lower(${aiModels.model}) collate "C"`))
    : Promise.resolve([]);

/** An endpoint of the user's that they have not removed (one kept as removed only serves its team's list). */
const ownedLive = (userId: number) => and(eq(customEndpoints.userId, userId), isNull(customEndpoints.removedAt));

/** The user's endpoints, oldest first. */
export async function listEndpointRows(db: Db, userId: number): Promise<EndpointRow[]> {
  return db.select().from(customEndpoints).where(ownedLive(userId)).orderBy(asc(customEndpoints.id));
}

export async function listEndpoints(db: Db, ai: Ai, userId: number): Promise<CustomEndpoint[]> {
  const rows = await listEndpointRows(db, userId);
  const models = await endpointModels(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toCustomEndpoint(ai, row, models));
}

/** The user's endpoint, or 404 (another user's endpoint is not found either). */
export async function getOwnedEndpoint(db: Db, userId: number, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(customEndpoints)
    .where(and(eq(customEndpoints.id, id), ownedLive(userId)));
  if (!row) throw notFound('Endpoint');
  return row;
}

/** The `ai_models` row of a discovered model: the endpoint's name as provider, flags only where known. */
function modelRow(endpoint: EndpointRow, entry: DiscoveredEntry) {
  const vision = entry.vision === true;
  return {
    model: entry.model,
    provider: endpoint.name,
    displayName: entry.model,
    type: 'Text' as const,
    logoLink: null,
    isActive: true,
    languages: LANGUAGES,
    isWebSearchEnabled: false,
    isReasoningEnabled: entry.thinking === true,
    isAudioEnabled: false,
    isVideoEnabled: false,
    isVisionEnabled: vision,
    isImageGenerated: false,
    isAttachmentSupported: vision,
    contentLength: entry.contextLength ?? UNKNOWN_CONTEXT_BUDGET,
    supportedFileFormats: vision ? [...DOCS, ...IMAGES] : DOCS,
    isHouseModel: false,
    isDefaultHouseModel: false,
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
    endpointId: endpoint.id,
    ownerId: endpoint.userId,
    discovered: {
      contextLength: entry.contextLength,
      vision: entry.vision,
      tools: entry.tools,
      thinking: entry.thinking,
      contextLengthSet: null,
    },
  };
}

/**
 * Models gone from the owner's endpoint (it was removed, or no longer lists them) leave the owner's
 * settings with them: their ids from `enableModels` and `modelStatus`, and the default text model when it
 * was one of them (cleared, as a deleted default voice is), or saving the settings as they were answered
 * would be refused for ids the user never removed. Only the owner sees these models, so only the owner's
 * settings can name them. Run in the transaction that deletes them.
 */
async function forgetModels(tx: Tx, ownerId: number, provider: string, gone: { id: number; model: string }[]) {
  if (!gone.length) return;
  const ids = sql.join(
    gone.map((m) => sql`to_jsonb(${m.id}::int)`),
    sql`, `,
  );
  const names = sql.join(
    gone.map((m) => sql`${m.model}::text`),
    sql`, `,
  );
  const wasDefault = sql`${userAiSettings.defaultAI} = ${provider}::text and ${userAiSettings.defaultModel} in (${names})`;
  await tx
    .update(userAiSettings)
    .set({
      enableModels: sql`(select coalesce(jsonb_agg(x.e order by x.n), '[]'::jsonb)
        from jsonb_array_elements(${userAiSettings.enableModels}) with ordinality as x(e, n) where x.e not in (${ids}))`,
      modelStatus: sql`${userAiSettings.modelStatus} - array[${sql.join(
        gone.map((m) => sql`${String(m.id)}::text`),
        sql`, `,
      )}]`,
      defaultAI: sql`case when ${wasDefault} then null else ${userAiSettings.defaultAI} end`,
      defaultModel: sql`case when ${wasDefault} then null else ${userAiSettings.defaultModel} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(userAiSettings.userId, ownerId));
}

/**
 * Discovers the endpoint's models and stores them: new ones added, known ones updated in place (their ids,
 * which chats refer to, stay), ones the endpoint no longer lists removed. A failed discovery keeps the
 * models found before and records why it failed.
 */
export async function refreshEndpoint(db: Db, ai: Ai, row: EndpointRow): Promise<EndpointRow> {
  const found = await discover(connectionOf(ai, row), ai.outbound.userFetch);
  return db.transaction(async (tx) => {
    // The endpoint's row first, its models after: the order a delete takes them in (the row, then its
    // models by cascade). Taken the other way round, a refresh and a delete at once deadlocked on PostgreSQL.
    const [updated] = await tx
      .update(customEndpoints)
      .set(
        found.ok
          ? { refreshedAt: sql`now()`, refreshError: null, updatedAt: sql`now()` }
          : { refreshError: found.message, updatedAt: sql`now()` },
      )
      .where(and(eq(customEndpoints.id, row.id), isNull(customEndpoints.removedAt)))
      .returning();
    if (!updated) throw notFound('Endpoint');
    if (found.ok) {
      const excluded = (column: string) => sql.raw(`excluded."${column}"`);
      await tx
        .insert(aiModels)
        .values(found.models.map((m) => modelRow(row, m)))
        .onConflictDoUpdate({
          target: [aiModels.endpointId, aiModels.model],
          targetWhere: sql`${aiModels.endpointId} is not null`,
          set: {
            provider: excluded('provider'),
            isReasoningEnabled: excluded('is_reasoning_enabled'),
            isVisionEnabled: excluded('is_vision_enabled'),
            isAttachmentSupported: excluded('is_attachment_supported'),
            // A context length the user set outlives discovery (the endpoint still does not report one, or
            // the user knows better than what it reports).
            contentLength: sql`coalesce((${aiModels.discovered}->>'contextLengthSet')::int, ${excluded('content_length')})`,
            supportedFileFormats: excluded('supported_file_formats'),
            discovered: sql`${excluded('discovered')} || jsonb_build_object('contextLengthSet', ${aiModels.discovered}->'contextLengthSet')`,
            isActive: sql`true`,
            updatedAt: sql`now()`,
          },
        });
      const gone = await tx
        .delete(aiModels)
        .where(
          and(
            eq(aiModels.endpointId, row.id),
            notInArray(
              aiModels.model,
              found.models.map((m) => m.model),
            ),
          ),
        )
        .returning({ id: aiModels.id, model: aiModels.model });
      await forgetModels(tx, updated.userId, updated.name, gone);
    }
    return updated;
  });
}

/** The endpoint with its models as the API answers it. */
export async function endpointAnswer(db: Db, ai: Ai, row: EndpointRow): Promise<CustomEndpoint> {
  return toCustomEndpoint(ai, row, await endpointModels(db, [row.id]));
}

/**
 * `PUT /api/ai-endpoints/{id}/context-length`: the context length the user sets for one of the endpoint's models,
 * used to fit context into its prompts instead of what the endpoint reported or the unknown budget; null forgets it.
 */
export async function setModelContextLength(
  db: Db,
  row: EndpointRow,
  modelId: number,
  contextLength: number | null,
): Promise<void> {
  const reported = sql`(${aiModels.discovered}->>'contextLength')::int`;
  const [updated] = await db
    .update(aiModels)
    .set({
      contentLength: contextLength ?? sql`coalesce(${reported}, ${UNKNOWN_CONTEXT_BUDGET}::int)`,
      discovered: sql`coalesce(${aiModels.discovered}, '{}'::jsonb) || jsonb_build_object('contextLengthSet', ${contextLength}::int)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(aiModels.id, modelId), eq(aiModels.endpointId, row.id)))
    .returning({ id: aiModels.id });
  if (!updated) throw notFound('AI model');
}

/** A name is the models' provider in the picker: it must not pass for a built-in provider or another endpoint. */
async function assertNameFree(db: Db, userId: number, name: string) {
  if (PROVIDER_NAMES.some((p) => p.toLowerCase() === name.toLowerCase()))
    throw fieldError(400, 'name', `"${name}" is a built-in provider's name; choose another`);
  const [taken] = await db
    .select({ id: customEndpoints.id })
    .from(customEndpoints)
    // Folded by the database only, as its unique index folds them (JavaScript folds some letters otherwise).
    .where(and(ownedLive(userId), sql`lower(${customEndpoints.name}) = lower(${name})`));
  if (taken) throw nameTaken(name);
}

const nameTaken = (name: string) => fieldError(409, 'name', `You already have an endpoint named "${name}"`);

/** `POST /api/ai-endpoints`: stores the endpoint (key encrypted, bound to its id), then discovers its models. */
export async function createEndpoint(
  db: Db,
  ai: Ai,
  userId: number,
  input: CreateCustomEndpointInput,
): Promise<EndpointRow> {
  await assertNameFree(db, userId, input.name);
  await ai.outbound.checkUserUrl(input.baseUrl, 'baseUrl');
  // The check above can lose a race with a request made at the same time (or sent again): the unique index decides.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(customEndpoints)
      .values({ userId, name: input.name, kind: input.kind, baseUrl: input.baseUrl })
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(input.name) : error;
      });
    if (!inserted) throw new Error('endpoint insert returned no row');
    if (!input.apiKey) return inserted;
    const apiKey = encryptSecret(ai.secret, input.apiKey, endpointKeyContext(userId, inserted.id));
    const [withKey] = await tx
      .update(customEndpoints)
      .set({ apiKey })
      .where(eq(customEndpoints.id, inserted.id))
      .returning();
    return withKey ?? inserted;
  });
  return refreshEndpoint(db, ai, row);
}

/**
 * `DELETE /api/ai-endpoints/{id}`: the endpoint and its models go (chats keep their answers; see
 * messages.model_id), and with them the owner's settings that named the models (forgetModels). An endpoint shared
 * with a team is kept as removed instead (`removed_at`), as a shared provider key removed leaves its team's key in
 * place: its address and key are wiped, its models made inactive, and its owner no longer sees it; the team's members
 * still see its models, Inactive saying why, and their chats keep naming them (server/features/teams/team-route.ts).
 * It goes for good once no team shares it (a trigger on team_keys, migration 0052).
 */
export async function removeEndpoint(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The endpoint's row locked first, as a refresh takes it, so no refresh adds a model meanwhile.
    const [endpoint] = await tx
      .select({ id: customEndpoints.id, name: customEndpoints.name })
      .from(customEndpoints)
      .where(and(eq(customEndpoints.id, id), ownedLive(userId)))
      .for('update');
    if (!endpoint) throw notFound('Endpoint');
    const gone = await tx
      .select({ id: aiModels.id, model: aiModels.model })
      .from(aiModels)
      .where(eq(aiModels.endpointId, id));
    const [shared] = await tx.select({ id: teamKeys.id }).from(teamKeys).where(eq(teamKeys.endpointId, id)).limit(1);
    if (shared) {
      await tx
        .update(customEndpoints)
        .set({ removedAt: sql`now()`, baseUrl: '', apiKey: null, refreshError: null, updatedAt: sql`now()` })
        .where(eq(customEndpoints.id, id));
      await tx.update(aiModels).set({ isActive: false, updatedAt: sql`now()` }).where(eq(aiModels.endpointId, id));
      // What deleting the row would have taken with it: the owner's choice of it as their embedding model.
      await tx.delete(embeddingModels).where(eq(embeddingModels.endpointId, id));
    } else await tx.delete(customEndpoints).where(eq(customEndpoints.id, id));
    await forgetModels(tx, userId, endpoint.name, gone);
  });
}

/** A discovery as a connection test's answer. */
export async function testConnection(
  ai: Ai,
  connection: TestCustomEndpointInput | EndpointConnection,
): Promise<ConnectionTest> {
  await ai.outbound.checkUserUrl(connection.baseUrl, 'baseUrl');
  const found = await discover(connection, ai.outbound.userFetch);
  if (!found.ok) return { ok: false, problem: found.problem, message: found.message, modelCount: 0 };
  const count = found.models.length;
  return {
    ok: true,
    problem: null,
    message: `Connected: ${count} model${count === 1 ? '' : 's'} found.`,
    modelCount: count,
  };
}

/** The endpoint a discovered model came from (its owner's), for calling it. */
export async function endpointOfModel(db: Db, model: AiModelRow): Promise<EndpointRow> {
  if (model.endpointId === null || model.ownerId === null) throw new Error('not a discovered model');
  return getOwnedEndpoint(db, model.ownerId, model.endpointId);
}
