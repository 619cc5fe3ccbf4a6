import { z } from 'zod';
import {
  contextSizeBody,
  contextSizeSchema,
  createChatBody,
  memoryProposalAnswerBody,
  messageListSchema,
  messageSchema,
  regenerateBody,
  renameChatBody,
  sendMessageWithContextBody,
  temporaryMessageBody,
} from '../chat-contract';
import { pictureBody, pictureGemBody } from '../chat-tools-contract';
import { dataOf, gemSchema } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const id = z.object({ id: idParamSchema });

/** An answer streamed as server-sent events: lib/api/chat-contract.ts (chatStreamEvents) names each event. */
const eventStream = {
  description:
    'The answer as server-sent events: `message` (its stored id), then `delta`, `reasoning`, `sources`, `memory`, ' +
    '`done` or `error`, `followups`',
  content: 'text/event-stream',
} as const;

/** Chats are gems (media_type AIChat, in the AI Chats collection) with their messages; answers stream as SSE. */
export const chatApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/chats',
    tag: 'Chats',
    summary: 'Start a chat',
    auth: 'user',
    body: { type: 'json', schema: createChatBody },
    responses: { 201: { description: "The chat's gem", schema: dataOf(gemSchema) } },
    errors: [],
  }),
  rename: defineRoute({
    method: 'put',
    path: '/api/chats/{id}',
    tag: 'Chats',
    summary: 'Rename a chat',
    auth: 'user',
    params: id,
    body: { type: 'json', schema: renameChatBody },
    responses: { 200: { description: "The chat's gem, renamed", schema: dataOf(gemSchema) } },
    errors: [],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/chats/{id}',
    tag: 'Chats',
    summary: 'Delete a chat',
    description:
      'With its messages, pictures and files; an answer still streaming is stopped first, its link stops working.',
    auth: 'user',
    params: id,
    responses: { 200: { description: 'The id of the chat deleted', schema: dataOf(z.object({ id: z.number() })) } },
    errors: [],
  }),
  contextSize: defineRoute({
    method: 'post',
    path: '/api/chats/context-size',
    tag: 'Chats',
    summary: 'What the gems a question would be sent with weigh',
    description:
      "What the composer's estimate cannot count itself: the text of the chosen gems and collections, and the page's gems.",
    auth: 'user',
    body: { type: 'json', schema: contextSizeBody },
    responses: { 200: { description: 'Their count, characters and estimated tokens', schema: contextSizeSchema } },
    errors: [404],
  }),
  messages: defineRoute({
    method: 'get',
    path: '/api/chats/{id}/messages',
    tag: 'Chats',
    summary: "A chat's messages, oldest first",
    auth: 'user',
    params: id,
    responses: { 200: { description: 'The messages', schema: messageListSchema } },
    errors: [],
  }),
  askTemporary: defineRoute({
    method: 'post',
    path: '/api/chats/temporary/messages',
    tag: 'Chats',
    summary: 'Ask in a temporary chat: nothing is stored',
    description: 'The earlier turns travel with the question; the answer ends with its request.',
    auth: 'user',
    body: { type: 'json', schema: temporaryMessageBody },
    responses: { 200: eventStream },
    errors: [404, 409],
  }),
  ask: defineRoute({
    method: 'post',
    path: '/api/chats/{id}/messages',
    tag: 'Chats',
    summary: 'Ask a question in a chat',
    description:
      'The answer is generated apart from the request: a client that goes away loses nothing and can re-attach ' +
      '(GET /api/messages/{id}/stream). With `modelIds`, several answers side by side, each event tagged with its `index`.',
    auth: 'user',
    params: id,
    body: { type: 'json', schema: sendMessageWithContextBody },
    responses: { 200: eventStream },
    errors: [409],
  }),
  stream: defineRoute({
    method: 'get',
    path: '/api/messages/{id}/stream',
    tag: 'Chats',
    summary: 'Re-attach to an answer',
    description: 'Replays a stored answer from its start, then follows it live until it ends.',
    auth: 'user',
    params: id,
    responses: { 200: eventStream },
    errors: [],
  }),
  regenerate: defineRoute({
    method: 'post',
    path: '/api/messages/{id}/regenerate',
    tag: 'Chats',
    summary: 'Regenerate an answer (a sibling of it), with Chat options',
    auth: 'user',
    params: id,
    body: { type: 'json', schema: regenerateBody },
    responses: { 200: eventStream },
    errors: [409],
  }),
  pictures: defineRoute({
    method: 'post',
    path: '/api/chats/{id}/pictures',
    tag: 'Chats',
    summary: 'The picture tool: an image model draws pictures of a prompt',
    description: "They are stored as the chat's uploads (deleted with it); not streamed.",
    auth: 'user',
    params: id,
    body: { type: 'json', schema: pictureBody },
    responses: { 201: { description: 'The message holding the pictures (`images`)', schema: dataOf(messageSchema) } },
    errors: [502],
  }),
  imageGem: defineRoute({
    method: 'post',
    path: '/api/messages/{id}/image-gem',
    tag: 'Chats',
    summary: "Save one of a picture message's images as an Image gem",
    auth: 'user',
    params: id,
    body: { type: 'json', schema: pictureGemBody },
    responses: {
      200: { description: 'The Image gem already made of it', schema: dataOf(gemSchema) },
      201: { description: 'The new Image gem', schema: dataOf(gemSchema) },
    },
    errors: [],
  }),
  stop: defineRoute({
    method: 'post',
    path: '/api/messages/{id}/stop',
    tag: 'Chats',
    summary: 'Stop an answer',
    auth: 'user',
    params: id,
    responses: { 200: { description: 'The message as it is now', schema: dataOf(messageSchema) } },
    errors: [],
  }),
  memoryProposal: defineRoute({
    method: 'post',
    path: '/api/messages/{id}/memory-proposal',
    tag: 'Chats',
    summary: "Answer a message's memory proposal",
    description: "'saved' also makes the memory.",
    auth: 'user',
    params: id,
    body: { type: 'json', schema: memoryProposalAnswerBody },
    responses: { 200: { description: 'The message as it is now', schema: dataOf(messageSchema) } },
    errors: [],
  }),
};
