import { promptApi } from '../../../lib/api/routes/prompts';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { optimizePrompt, promptFromAnswer, promptFromChat } from './prompt-writing';
import { createPrompt, deletePrompt, getPrompt, listPrompts, listPublicPrompts, updatePrompt } from './prompts';

/** Prompts (lib/api/routes/prompts.ts), mounted at /api. */
export function promptRoutes({ db, ai }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(promptApi.list, async (c, { query }) => ({
      status: 200,
      body: await listPrompts(db, c.get('userId'), query),
    }))
    .implement(promptApi.create, async (c, { body }) => ({
      status: 201,
      body: { data: await createPrompt(db, c.get('owner'), body.data) },
    }))
    .implement(promptApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await getPrompt(db, c.get('userId'), params.id) },
    }))
    .implement(promptApi.update, async (c, { params, body }) => ({
      status: 200,
      body: { data: await updatePrompt(db, c.get('owner'), params.id, body.data) },
    }))
    .implement(promptApi.delete, async (c, { params }) => ({
      status: 200,
      body: { data: await deletePrompt(db, c.get('userId'), params.id) },
    }))
    .implement(promptApi.optimize, async (c, { params, body }) => ({
      status: 200,
      body: { data: await optimizePrompt(db, ai, c.get('userId'), params.id, body) },
    }))
    .implement(promptApi.publicPrompts, async (c, { query }) => ({
      status: 200,
      body: await listPublicPrompts(db, c.get('userId'), 'prompt', query),
    }))
    .implement(promptApi.publicExpanders, async (c, { query }) => ({
      status: 200,
      body: await listPublicPrompts(db, c.get('userId'), 'expander', query),
    }))
    .implement(promptApi.fromChat, async (c, { params, body }) => ({
      status: 201,
      body: { data: await promptFromChat(db, ai, c.get('owner'), params.id, body) },
    }))
    .implement(promptApi.fromAnswer, async (c, { params, body }) => ({
      status: 201,
      body: { data: await promptFromAnswer(db, c.get('owner'), params.id, body) },
    })).app;
}
