import { z } from 'zod';
import { idParamSchema, idSchema } from './integers';

/**
 * Search by meaning (server/features/embeddings/): the user's embedding model, and how far their gems' passages are
 * embedded. Without a model (or where the database has no vector support) search is by words only.
 */

export const embeddingSources = ['provider', 'endpoint', 'house'] as const;
export type EmbeddingSource = (typeof embeddingSources)[number];

export const embeddingJobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type EmbeddingJobStatus = (typeof embeddingJobStatuses)[number];

const modelName = z.string().trim().min(1, 'Name the embedding model').max(200);

/**
 * The model: one of the built-in providers with the user's key or address (OpenAI, an OpenAI-compatible one, Ollama),
 * one of the user's own endpoints, or the server's house provider (its model is the operator's choice).
 */
export const setEmbeddingModelBody = z.object({
  data: z.discriminatedUnion('source', [
    z.object({ source: z.literal('provider'), provider: z.string().trim().min(1).max(100), model: modelName }),
    z.object({ source: z.literal('endpoint'), endpointId: idSchema, model: modelName }),
    z.object({ source: z.literal('house') }),
  ]),
});
export type SetEmbeddingModelInput = z.infer<typeof setEmbeddingModelBody>['data'];

export const embeddingModelSchema = z.object({
  source: z.enum(embeddingSources),
  provider: z.string().nullable(),
  endpointId: z.number().nullable(),
  model: z.string(),
  dimensions: z.number(),
});
export type EmbeddingModel = z.infer<typeof embeddingModelSchema>;

/** Where the user's meaning search stands (GET /api/get-vectors-for-collections-gems). */
export const vectorStatusSchema = z.object({
  /** False where the database has no vector extension: nothing is embedded and search stays by words. */
  available: z.boolean(),
  model: embeddingModelSchema.nullable(),
  /** The library's gems counted (in `collectionId` and below when asked), and those whose passages are embedded as they are now. */
  gems: z.number(),
  embeddedGems: z.number(),
  /**
   * The passages of those gems: embedded (of the gems as they are now) and in all. The total is exact for embedded gems
   * and estimated from the text's length for the others (`exact` false while any is not embedded).
   */
  passages: z.object({ embedded: z.number(), total: z.number(), exact: z.boolean() }),
  job: z
    .object({
      status: z.enum(embeddingJobStatuses),
      gemsDone: z.number(),
      passagesEmbedded: z.number(),
      error: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type VectorStatus = z.infer<typeof vectorStatusSchema>;

/** The status as the routes answer it: with the server's own embedding model, which the user may choose, if any. */
export const embeddingStatusSchema = vectorStatusSchema.extend({ houseModel: z.string().nullable() });
export type EmbeddingStatus = z.infer<typeof embeddingStatusSchema>;

export const vectorStatusQuery = z.object({ collectionId: idParamSchema.optional() });
