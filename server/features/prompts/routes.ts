import { Hono } from 'hono';
import {
  createPromptBody,
  idParamSchema,
  optimizePromptBody,
  promptFromAnswerBody,
  promptFromChatBody,
  promptListQuery,
  publicPromptQuery,
  updatePromptBody,
} from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, param, query } from '../../http/validate';
import { optimizePrompt, promptFromAnswer, promptFromChat } from './prompt-writing';
import { createPrompt, deletePrompt, getPrompt, listPrompts, listPublicPrompts, updatePrompt } from './prompts';

/** Prompts (lib/api/voice-contract.ts), mounted at /api. */
export function promptRoutes({ db, ai }: Deps) {
  const id = (c: Parameters<typeof param>[0]) => param(c, 'id', idParamSchema);
  return new Hono<AppEnv>()
    .get('/prompts', async (c) => c.json(await listPrompts(db, c.get('userId'), query(c, promptListQuery))))
    .post('/prompts', async (c) => {
      const { data } = await jsonBody(c, createPromptBody);
      return c.json({ data: await createPrompt(db, c.get('owner'), data) }, 201);
    })
    .get('/prompts/:id', async (c) => c.json({ data: await getPrompt(db, c.get('userId'), id(c)) }))
    .put('/prompts/:id', async (c) => {
      const promptId = id(c);
      const { data } = await jsonBody(c, updatePromptBody);
      return c.json({ data: await updatePrompt(db, c.get('owner'), promptId, data) });
    })
    .delete('/prompts/:id', async (c) => c.json({ data: await deletePrompt(db, c.get('userId'), id(c)) }))
    .post('/prompts/:id/optimize', async (c) => {
      const promptId = id(c);
      const input = await jsonBody(c, optimizePromptBody);
      return c.json({ data: await optimizePrompt(db, ai, c.get('userId'), promptId, input) });
    })
    .get('/fetch-public-prompts', async (c) =>
      c.json(await listPublicPrompts(db, c.get('userId'), 'prompt', query(c, publicPromptQuery))),
    )
    .get('/fetch-public-expanders', async (c) =>
      c.json(await listPublicPrompts(db, c.get('userId'), 'expander', query(c, publicPromptQuery))),
    )
    .post('/chats/:id/prompt', async (c) => {
      const chatId = id(c);
      const input = await jsonBody(c, promptFromChatBody);
      return c.json({ data: await promptFromChat(db, ai, c.get('owner'), chatId, input) }, 201);
    })
    .post('/messages/:id/prompt', async (c) => {
      const messageId = id(c);
      const input = await jsonBody(c, promptFromAnswerBody);
      return c.json({ data: await promptFromAnswer(db, c.get('owner'), messageId, input) }, 201);
    });
}
