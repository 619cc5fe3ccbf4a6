import { chatHistoryApi } from '../../../lib/api/routes/chat-history';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { requestContext } from '../../http/request-context';
import { duplicateChat, exportChat, forkChat } from './chat-copies';
import { chatCollections, chatHistory } from './chat-history';

/**
 * Chat history, exports, duplicate and fork.
 * Mounted before the chat routes so '/chats/history' is never read as a chat id.
 */
export function chatHistoryRoutes(deps: Deps) {
  const { db } = deps;
  return contractRoutes<AppEnv>('/api')
    .implement(chatHistoryApi.history, async (c, { query }) => ({
      status: 200,
      body: await chatHistory(db, c.get('userId'), query),
    }))
    .implement(chatHistoryApi.collections, async (c, { query }) => ({
      status: 200,
      body: { data: await chatCollections(db, c.get('userId'), query.type) },
    }))
    .implement(chatHistoryApi.export, async (c, { params, query }) => {
      const file = await exportChat(db, c.get('userId'), params.id, query.format);
      return c.body(file.body, 200, { 'Content-Type': file.contentType, 'Content-Disposition': file.disposition });
    })
    .implement(chatHistoryApi.duplicate, async (c, { params }) => ({
      status: 201,
      body: { data: await duplicateChat(requestContext(deps, c), params.id) },
    }))
    .implement(chatHistoryApi.fork, async (c, { params }) => ({
      status: 201,
      body: { data: await forkChat(requestContext(deps, c), params.id) },
    })).app;
}
