import { z } from 'zod';
import { chatShareResponseSchema, chatShareStateSchema } from '../chat-history-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const id = z.object({ id: idParamSchema });

/**
 * Share Options "Invite Other": the owner's read-only link to a chat, and the public page it opens (a capability URL:
 * no sign-in; an unknown, malformed or turned-off token is a 404).
 */
export const chatShareApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/chats/{id}/share',
    tag: 'Chat shares',
    summary: 'Share a chat: its read-only link',
    description: 'The link is built from PUBLIC_URL, or the request’s own origin.',
    auth: 'user',
    params: id,
    responses: {
      200: { description: 'The chat was already shared: its link', schema: chatShareResponseSchema },
      201: { description: 'The new link', schema: chatShareResponseSchema },
    },
    errors: [409],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/chats/{id}/share',
    tag: 'Chat shares',
    summary: "A chat's link",
    auth: 'user',
    params: id,
    responses: { 200: { description: 'The link, or null when the chat is not shared', schema: chatShareStateSchema } },
    errors: [],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/chats/{id}/share',
    tag: 'Chat shares',
    summary: "Turn a chat's link off",
    auth: 'user',
    params: id,
    responses: { 200: { description: 'null: the chat is not shared any more', schema: chatShareStateSchema } },
    errors: [],
  }),
};

/** The pages a share link opens, public (mounted at /shared). */
export const sharedChatApi = {
  page: defineRoute({
    method: 'get',
    path: '/shared/chats/{token}',
    tag: 'Chat shares',
    summary: 'A shared chat, as a plain page without scripts',
    auth: 'none',
    params: z.object({ token: z.string() }),
    responses: { 200: { description: 'The chat’s title and finished questions and answers', content: 'text/html' } },
    errors: [404],
  }),
  picture: defineRoute({
    method: 'get',
    path: '/shared/chats/{token}/pictures/{file}',
    tag: 'Chat shares',
    summary: 'A picture of a shared chat',
    auth: 'none',
    params: z.object({ token: z.string(), file: z.string() }),
    responses: { 200: { description: 'The picture', content: 'application/octet-stream' } },
    errors: [404],
  }),
};
