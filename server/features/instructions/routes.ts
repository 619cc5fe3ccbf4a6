import { Hono } from 'hono';
import {
  createBrandVoiceBody,
  createPersonaBody,
  idParamSchema,
  instructionListQuery,
  updateBrandVoiceBody,
  updatePersonaBody,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, param, query } from '../../http/validate';
import {
  createBrandVoice,
  createPersona,
  deleteBrandVoice,
  deletePersona,
  getBrandVoice,
  getPersona,
  listBrandVoices,
  listPersonas,
  updateBrandVoice,
  updatePersona,
} from './voices';

/** Brand voices and personas (lib/api/voice-contract.ts), mounted at /api. */
export function voiceRoutes({ db }: Deps) {
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .get('/brand-voices', async (c) =>
      c.json(await listBrandVoices(db, c.get('owner'), query(c, instructionListQuery))),
    )
    .post('/brand-voices', async (c) => {
      const { data } = await jsonBody(c, createBrandVoiceBody);
      return c.json({ data: await createBrandVoice(db, c.get('owner'), data) }, 201);
    })
    .get('/brand-voices/:id', async (c) => c.json({ data: await getBrandVoice(db, c.get('owner'), id(c)) }))
    .put('/brand-voices/:id', async (c) => {
      const voiceId = id(c);
      const { data } = await jsonBody(c, updateBrandVoiceBody);
      return c.json({ data: await updateBrandVoice(db, c.get('owner'), voiceId, data) });
    })
    .delete('/brand-voices/:id', async (c) => c.json({ data: await deleteBrandVoice(db, c.get('userId'), id(c)) }))
    .get('/personas', async (c) => c.json(await listPersonas(db, c.get('owner'), query(c, instructionListQuery))))
    .post('/personas', async (c) => {
      const { data } = await jsonBody(c, createPersonaBody);
      return c.json({ data: await createPersona(db, c.get('owner'), data) }, 201);
    })
    .get('/personas/:id', async (c) => c.json({ data: await getPersona(db, c.get('owner'), id(c)) }))
    .put('/personas/:id', async (c) => {
      const personaId = id(c);
      const { data } = await jsonBody(c, updatePersonaBody);
      return c.json({ data: await updatePersona(db, c.get('owner'), personaId, data) });
    })
    .delete('/personas/:id', async (c) => c.json({ data: await deletePersona(db, c.get('userId'), id(c)) }));
}
