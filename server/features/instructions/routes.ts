import { brandVoiceApi, personaApi } from '../../../lib/api/routes/instructions';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
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

/** Brand voices and personas (lib/api/routes/instructions.ts), mounted at /api. */
export function voiceRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(brandVoiceApi.list, async (c, { query }) => ({
      status: 200,
      body: await listBrandVoices(db, c.get('owner'), query),
    }))
    .implement(brandVoiceApi.create, async (c, { body }) => ({
      status: 201,
      body: { data: await createBrandVoice(db, c.get('owner'), body.data) },
    }))
    .implement(brandVoiceApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await getBrandVoice(db, c.get('owner'), params.id) },
    }))
    .implement(brandVoiceApi.update, async (c, { params, body }) => ({
      status: 200,
      body: { data: await updateBrandVoice(db, c.get('owner'), params.id, body.data) },
    }))
    .implement(brandVoiceApi.delete, async (c, { params }) => ({
      status: 200,
      body: { data: await deleteBrandVoice(db, c.get('userId'), params.id) },
    }))
    .implement(personaApi.list, async (c, { query }) => ({
      status: 200,
      body: await listPersonas(db, c.get('owner'), query),
    }))
    .implement(personaApi.create, async (c, { body }) => ({
      status: 201,
      body: { data: await createPersona(db, c.get('owner'), body.data) },
    }))
    .implement(personaApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await getPersona(db, c.get('owner'), params.id) },
    }))
    .implement(personaApi.update, async (c, { params, body }) => ({
      status: 200,
      body: { data: await updatePersona(db, c.get('owner'), params.id, body.data) },
    }))
    .implement(personaApi.delete, async (c, { params }) => ({
      status: 200,
      body: { data: await deletePersona(db, c.get('userId'), params.id) },
    })).app;
}
