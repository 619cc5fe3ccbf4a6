import { Hono } from 'hono';
import {
  createCustomEndpointBody,
  idParamSchema,
  setContextLengthBody,
  testCustomEndpointBody,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, param } from '../../http/validate';
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
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .get('/ai-endpoints', async (c) => {
      const data = await listEndpoints(db, ai, c.get('userId'));
      return c.json({ data, total: data.length });
    })
    .post('/ai-endpoints', async (c) => {
      const input = await jsonBody(c, createCustomEndpointBody);
      const row = await createEndpoint(db, ai, c.get('userId'), input);
      return c.json({ data: await endpointAnswer(db, ai, row) }, 201);
    })
    .post('/ai-endpoints/test', async (c) => {
      const input = await jsonBody(c, testCustomEndpointBody);
      return c.json({ data: await testConnection(ai, input) });
    })
    .post('/ai-endpoints/:id/test', async (c) => {
      const row = await getOwnedEndpoint(db, c.get('userId'), id(c));
      return c.json({ data: await testConnection(ai, connectionOf(ai, row)) });
    })
    .post('/ai-endpoints/:id/refresh', async (c) => {
      const row = await getOwnedEndpoint(db, c.get('userId'), id(c));
      return c.json({ data: await endpointAnswer(db, ai, await refreshEndpoint(db, ai, row)) });
    })
    .put('/ai-endpoints/:id/context-length', async (c) => {
      const input = await jsonBody(c, setContextLengthBody);
      const row = await getOwnedEndpoint(db, c.get('userId'), id(c));
      await setModelContextLength(db, row, input.modelId, input.contextLength);
      return c.json({ data: await endpointAnswer(db, ai, row) });
    })
    .delete('/ai-endpoints/:id', async (c) => {
      await removeEndpoint(db, c.get('userId'), id(c));
      return c.json({ data: null });
    });
}
