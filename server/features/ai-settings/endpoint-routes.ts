import { aiEndpointApi } from '../../../lib/api/routes/ai-endpoints';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import {
  connectionOf,
  createEndpoint,
  endpointAnswer,
  getOwnedEndpoint,
  listEndpoints,
  refreshEndpoint,
  removeEndpoint,
  setModelContextLength,
  testConnection,
} from './custom-endpoints';

/**
 * The user's own model endpoints (issue 11 "Custom providers"): any OpenAI-compatible server or an Ollama.
 * Keys go in on creation and never come out except masked; each route sees only the caller's endpoints.
 */
export function aiEndpointRoutes({ db, ai }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(aiEndpointApi.list, async (c) => {
      const data = await listEndpoints(db, ai, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(aiEndpointApi.create, async (c, { body }) => {
      const row = await createEndpoint(db, ai, c.get('userId'), body);
      return { status: 201, body: { data: await endpointAnswer(db, ai, row) } };
    })
    .implement(aiEndpointApi.testNew, async (_c, { body }) => ({
      status: 200,
      body: { data: await testConnection(ai, body) },
    }))
    .implement(aiEndpointApi.test, async (c, { params }) => {
      const row = await getOwnedEndpoint(db, c.get('userId'), params.id);
      return { status: 200, body: { data: await testConnection(ai, connectionOf(ai, row)) } };
    })
    .implement(aiEndpointApi.refresh, async (c, { params }) => {
      const row = await getOwnedEndpoint(db, c.get('userId'), params.id);
      return { status: 200, body: { data: await endpointAnswer(db, ai, await refreshEndpoint(db, ai, row)) } };
    })
    .implement(aiEndpointApi.setContextLength, async (c, { params, body }) => {
      const row = await getOwnedEndpoint(db, c.get('userId'), params.id);
      await setModelContextLength(db, row, body.modelId, body.contextLength);
      return { status: 200, body: { data: await endpointAnswer(db, ai, row) } };
    })
    .implement(aiEndpointApi.remove, async (c, { params }) => {
      await removeEndpoint(db, c.get('userId'), params.id);
      return { status: 200, body: { data: null } };
    }).app;
}
