import { dataOf } from '../core-contract';
import {
  embeddingModelSchema,
  embeddingStatusSchema,
  setEmbeddingModelBody,
  vectorStatusQuery,
} from '../embeddings-contract';
import { defineRoute } from '../route';

const status = {
  description: "Where meaning search stands, and the server's own embedding model (`houseModel`, null without one)",
  schema: dataOf(embeddingStatusSchema),
};

/** Search by meaning: the user's embedding model and the embedding of their gems (server/features/embeddings/). */
export const embeddingsApi = {
  setModel: defineRoute({
    method: 'put',
    path: '/api/embedding-model',
    tag: 'Search',
    summary: 'Choose the embedding model that search by meaning uses',
    description:
      "A built-in provider with the user's key or address (OpenAI, an OpenAI-compatible one, Ollama), one of their " +
      "endpoints (another user's is a 404), or the house provider. The model is asked once to learn its dimension: " +
      'a refusal is a 400 naming the problem. The library is then embedded in the background.',
    auth: 'user',
    body: { type: 'json', schema: setEmbeddingModelBody },
    responses: { 200: { description: 'The model chosen', schema: dataOf(embeddingModelSchema) } },
    errors: [404, 502, 503],
  }),
  removeModel: defineRoute({
    method: 'delete',
    path: '/api/embedding-model',
    tag: 'Search',
    summary: 'Stop searching by meaning',
    description:
      'Search is by words only again; vectors no other user’s model uses are deleted. A 404 when none was set.',
    auth: 'user',
    responses: { 200: status },
    errors: [404],
  }),
  vectors: defineRoute({
    method: 'get',
    path: '/api/get-vectors-for-collections-gems',
    tag: 'Search',
    summary: "How much of the user's library is embedded",
    description:
      'The model, whether the database can hold vectors, the gems counted (in `collectionId` and its sub-collections ' +
      'when given: another user’s collection is a 404) and those embedded as they are now, and the background job.',
    auth: 'user',
    query: vectorStatusQuery,
    responses: { 200: status },
    errors: [404],
  }),
  sync: defineRoute({
    method: 'get',
    path: '/api/sync-collections-gems',
    tag: 'Search',
    summary: "Embed what is new or changed in the user's library now",
    description:
      'Queues the background job (or wakes a failed one); calling it again while it runs changes nothing. A 400 ' +
      'without an embedding model, a 503 where the database has no vector support.',
    auth: 'user',
    responses: { 200: status },
    errors: [400, 503],
  }),
} as const;
