import { Hono } from 'hono';
import { chatCollectionsQuery, chatExportQuery, chatHistoryQuery, idParamSchema } from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { requestContext } from '../../http/request-context';
import { param, query } from '../../http/validate';
import { duplicateChat, exportChat, forkChat } from './chat-copies';
import { chatCollections, chatHistory } from './chat-history';

/**
 * Chat history, exports, duplicate and fork.
 * Mounted before the chat routes so '/chats/history' is never read as a chat id.
 */
export function chatHistoryRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/chats/history', async (c) => c.json(await chatHistory(db, c.get('userId'), query(c, chatHistoryQuery))))
    .get('/chats/collections', async (c) =>
      c.json({ data: await chatCollections(db, c.get('userId'), query(c, chatCollectionsQuery).type) }),
    )
    .get('/chats/:id/export', async (c) => {
      const chatId = param(c, 'id', idParamSchema);
      const { format } = query(c, chatExportQuery);
      const file = await exportChat(db, c.get('userId'), chatId, format);
      return c.body(file.body, 200, { 'Content-Type': file.contentType, 'Content-Disposition': file.disposition });
    })
    .post('/chats/:id/duplicate', async (c) =>
      c.json({ data: await duplicateChat(requestContext(deps, c), param(c, 'id', idParamSchema)) }, 201),
    )
    .post('/messages/:id/fork', async (c) =>
      c.json({ data: await forkChat(requestContext(deps, c), param(c, 'id', idParamSchema)) }, 201),
    );
}
