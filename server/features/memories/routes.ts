import { Hono } from 'hono';
import { idParamSchema, instructionListQuery, memoryBody } from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, param, query } from '../../http/validate';
import { createMemory, deleteMemory, getMemory, listMemories, updateMemory } from './memories';

/** Memories (lib/api/voice-contract.ts), mounted at /api. */
export function memoryRoutes({ db }: Deps) {
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .get('/memories', async (c) => c.json(await listMemories(db, c.get('userId'), query(c, instructionListQuery))))
    .post('/memories', async (c) => {
      const { data } = await jsonBody(c, memoryBody);
      return c.json({ data: await createMemory(db, c.get('userId'), data.memory) }, 201);
    })
    .get('/memories/:id', async (c) => c.json({ data: await getMemory(db, c.get('userId'), id(c)) }))
    .put('/memories/:id', async (c) => {
      const memoryId = id(c);
      const { data } = await jsonBody(c, memoryBody);
      return c.json({ data: await updateMemory(db, c.get('userId'), memoryId, data.memory) });
    })
    .delete('/memories/:id', async (c) => c.json({ data: await deleteMemory(db, c.get('userId'), id(c)) }));
}
