import { z } from 'zod';
import {
  chatCollectionListSchema,
  chatCollectionsQuery,
  chatExportQuery,
  chatHistoryListSchema,
  chatHistoryQuery,
} from '../chat-history-contract';
import { dataOf, gemSchema } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const id = z.object({ id: idParamSchema });

/** The chat history, exports and copies (duplicate, fork). */
export const chatHistoryApi = {
  history: defineRoute({
    method: 'get',
    path: '/api/chats/history',
    tag: 'Chats',
    summary: "The user's chats, newest first, searchable",
    auth: 'user',
    query: chatHistoryQuery,
    responses: { 200: { description: 'A page of chats', schema: chatHistoryListSchema } },
    errors: [],
  }),
  collections: defineRoute({
    method: 'get',
    path: '/api/chats/collections',
    tag: 'Chats',
    summary: "The collections holding chats ('AI Chats', then 'Unfiltered'), each with its chats",
    auth: 'user',
    query: chatCollectionsQuery,
    responses: { 200: { description: 'The collections', schema: chatCollectionListSchema } },
    errors: [],
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/chats/{id}/export',
    tag: 'Chats',
    summary: 'A chat as a file',
    description: 'Markdown, JSON or plain text by `format`, sent as an attachment with its file name.',
    auth: 'user',
    params: id,
    query: chatExportQuery,
    responses: {
      200: { description: 'The file (text/markdown, application/json or text/plain)', content: 'text/markdown' },
    },
    errors: [],
  }),
  duplicate: defineRoute({
    method: 'post',
    path: '/api/chats/{id}/duplicate',
    tag: 'Chats',
    summary: "Copy a chat: '<title> (copy)' with copies of all its messages",
    auth: 'user',
    params: id,
    responses: { 201: { description: "The copy's gem", schema: dataOf(gemSchema) } },
    errors: [],
  }),
  fork: defineRoute({
    method: 'post',
    path: '/api/messages/{id}/fork',
    tag: 'Chats',
    summary: "Fork a chat at an answer: '<title> (fork)' with the turns up to this answer's, ending with it",
    auth: 'user',
    params: id,
    responses: { 201: { description: "The fork's gem", schema: dataOf(gemSchema) } },
    errors: [],
  }),
};
