import { embeddingsApi } from '../../../lib/api/routes/embeddings';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { removeEmbeddingModel, setEmbeddingModel, toEmbeddingModel } from './embedding-model';
import { syncNow, vectorStatus } from './status';
import { kickEmbeddingWorkers } from './worker';

/** Search by meaning: the embedding model and the embedding of the library; mounted at /api. */
export function embeddingRoutes({ db, ai }: Deps) {
  const houseModel = (ai.house && ai.houseEmbeddingModel) || null;
  const status = async (userId: number, collectionId?: number) => ({
    ...(await vectorStatus(db, userId, collectionId)),
    houseModel,
  });
  return contractRoutes<AppEnv>('/api')
    .implement(embeddingsApi.setModel, async (c, { body }) => {
      const row = await setEmbeddingModel(db, ai, c.get('userId'), body.data);
      kickEmbeddingWorkers();
      return { status: 200, body: { data: toEmbeddingModel(row) } };
    })
    .implement(embeddingsApi.removeModel, async (c) => {
      await removeEmbeddingModel(db, c.get('userId'));
      return { status: 200, body: { data: await status(c.get('userId')) } };
    })
    .implement(embeddingsApi.vectors, async (c, { query }) => ({
      status: 200,
      body: { data: await status(c.get('userId'), query.collectionId) },
    }))
    .implement(embeddingsApi.sync, async (c) => {
      await syncNow(db, c.get('userId'));
      kickEmbeddingWorkers();
      return { status: 200, body: { data: await status(c.get('userId')) } };
    }).app;
}
