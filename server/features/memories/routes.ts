import { memoryApi } from '../../../lib/api/routes/memories';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { createMemory, deleteMemory, getMemory, listMemories, updateMemory } from './memories';

/** Memories (lib/api/routes/memories.ts), mounted at /api. */
export function memoryRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(memoryApi.list, async (c, { query }) => ({
      status: 200,
      body: await listMemories(db, c.get('userId'), query),
    }))
    .implement(memoryApi.create, async (c, { body }) => ({
      status: 201,
      body: { data: await createMemory(db, c.get('userId'), body.data.memory) },
    }))
    .implement(memoryApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await getMemory(db, c.get('userId'), params.id) },
    }))
    .implement(memoryApi.update, async (c, { params, body }) => ({
      status: 200,
      body: { data: await updateMemory(db, c.get('userId'), params.id, body.data.memory) },
    }))
    .implement(memoryApi.remove, async (c, { params }) => ({
      status: 200,
      body: { data: await deleteMemory(db, c.get('userId'), params.id) },
    })).app;
}
