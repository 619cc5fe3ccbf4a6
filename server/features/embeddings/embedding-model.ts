import { eq } from 'drizzle-orm';
import type { EmbeddingModel, SetEmbeddingModelInput } from '../../../lib/api/embeddings-contract';
import { PROVIDERS } from '../../ai/catalogue';
import { EMBEDDING_KINDS, embedTexts } from '../../ai/embeddings';
import type { ProviderAccess } from '../../ai/providers';
import type { Db } from '../../db/client';
import { embeddingJobs, embeddingModels, gemPassageVectors } from '../../db/schema';
import type { Deps } from '../../http/env';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { getSettingsRow, resolveProvider } from '../ai-settings/ai-settings';
import { connectionOf, getOwnedEndpoint } from '../ai-settings/custom-endpoints';
import { builtInAccess } from '../ai-settings/model-access';
import { ensureVectorIndex } from './vector-index';
import { vectorsAvailable } from './vector-support';

type Ai = Deps['ai'];
export type EmbeddingModelRow = typeof embeddingModels.$inferSelect;

/** What a model's vectors are called: the same provider, address or endpoint and model make the same vectors. */
function modelKeyOf(
  source: SetEmbeddingModelInput['source'],
  access: ProviderAccess,
  model: string,
  endpointId?: number,
) {
  if (source === 'endpoint') return `endpoint:${endpointId}:${model}`;
  return `${source}:${access.kind}:${access.baseUrl ?? ''}:${model}`;
}

export const toEmbeddingModel = (row: EmbeddingModelRow): EmbeddingModel => ({
  source: row.source,
  provider: row.provider,
  endpointId: row.endpointId,
  model: row.model,
  dimensions: row.dimensions,
});

export async function getEmbeddingModel(db: Db, userId: number): Promise<EmbeddingModelRow | undefined> {
  const [row] = await db.select().from(embeddingModels).where(eq(embeddingModels.userId, userId));
  return row;
}

/** How to call the model the user chose (or is choosing), and its name; a refusal is a 400 (404: not their endpoint). */
async function accessOf(
  db: Db,
  ai: Ai,
  userId: number,
  choice: SetEmbeddingModelInput | EmbeddingModelRow,
): Promise<{ access: ProviderAccess; model: string }> {
  if (choice.source === 'house') {
    if (!ai.house || !ai.houseEmbeddingModel)
      throw new ApiError(400, 'This server offers no embedding model of its own: choose a provider or an endpoint');
    const access = {
      kind: ai.house.provider,
      name: 'Trove',
      apiKey: ai.house.apiKey,
      baseUrl: ai.house.baseUrl,
      house: true,
      fetch: ai.outbound.plainFetch,
    };
    return { access, model: ai.houseEmbeddingModel };
  }
  const model = choice.model as string;
  if (choice.source === 'endpoint') {
    const endpoint = await getOwnedEndpoint(db, userId, choice.endpointId as number);
    const connection = connectionOf(ai, endpoint);
    const access = { ...connection, name: endpoint.name, custom: true, fetch: ai.outbound.userFetch };
    return { access, model };
  }
  const name = resolveProvider(choice.provider as string, 'provider');
  const settings = await getSettingsRow(db, ai, userId);
  if (PROVIDERS[name].kind === 'house') throw fieldError(400, 'source', 'Choose `house` for the server’s own model');
  return { access: builtInAccess(ai, settings, name, 'provider'), model };
}

/** The user's model and how to call it, or undefined when they have none. */
export async function userEmbedder(db: Db, ai: Ai, userId: number) {
  const row = await getEmbeddingModel(db, userId);
  if (!row) return undefined;
  return { row, ...(await accessOf(db, ai, userId, row)) };
}

/**
 * Chooses the user's embedding model: it is asked to embed one word, which proves it answers and tells its dimension;
 * then the job that embeds the library is (re)started from the first gem.
 */
export async function setEmbeddingModel(
  db: Db,
  ai: Ai,
  userId: number,
  input: SetEmbeddingModelInput,
): Promise<EmbeddingModelRow> {
  const { access, model } = await accessOf(db, ai, userId, input);
  if (!EMBEDDING_KINDS.includes(access.kind))
    throw fieldError(
      400,
      'source',
      `${access.name} does not make embeddings: choose OpenAI, an OpenAI-compatible provider or Ollama`,
    );
  if (!(await vectorsAvailable(db))) throw new ApiError(503, 'This server’s database has no vector support (pgvector)');
  const [probe] = await embedTexts(model, access, ['Trove']);
  if (!probe?.length) throw new ApiError(502, `${access.name} answered no embedding for ${model}`);
  const values = {
    source: input.source,
    provider: input.source === 'provider' ? resolveProvider(input.provider, 'provider') : null,
    endpointId: input.source === 'endpoint' ? input.endpointId : null,
    model,
    dimensions: probe.length,
    modelKey: modelKeyOf(input.source, access, model, input.source === 'endpoint' ? input.endpointId : undefined),
  };
  await ensureVectorIndex(db, values.dimensions);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(embeddingModels)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: embeddingModels.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('the embedding model was not written');
    const job = { modelKey: row.modelKey, status: 'queued' as const, cursor: 0, gemsDone: 0, passagesEmbedded: 0 };
    const fresh = { ...job, leaseUntil: null, notBefore: new Date(0), failures: 0, error: null, updatedAt: new Date() };
    await tx
      .insert(embeddingJobs)
      .values({ userId, ...fresh })
      .onConflictDoUpdate({ target: embeddingJobs.userId, set: fresh });
    return row;
  });
}

/** Search is by words again: the model and job go, and the vectors of a model no one else uses. */
export async function removeEmbeddingModel(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(embeddingModels).where(eq(embeddingModels.userId, userId)).returning();
    if (!row) throw notFound('Embedding model');
    await tx.delete(embeddingJobs).where(eq(embeddingJobs.userId, userId));
    const [other] = await tx
      .select({ userId: embeddingModels.userId })
      .from(embeddingModels)
      .where(eq(embeddingModels.modelKey, row.modelKey))
      .limit(1);
    if (!other) await tx.delete(gemPassageVectors).where(eq(gemPassageVectors.modelKey, row.modelKey));
  });
}
