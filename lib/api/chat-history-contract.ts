import { z } from 'zod';
import { MAX_PAGE, queryInteger } from './integers';

/** The chats as a list: the history panel's queries and answers, exports, and share links. */

/** A chat's type: 'ai-writer' is the writing variant, with fewer options and a writer's instructions. */
export const CHAT_TYPES = ['chat', 'ai-writer'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** `GET /api/chats/history`, 20 chats a page (README, API). */
export const chatHistoryQuery = z.object({
  page: queryInteger(1, MAX_PAGE).default(1),
  perPage: queryInteger(1, 100).default(20),
  search: z.string().trim().max(500).default(''),
  /** Only the chats of this type (the Chat tab's history: 'chat'; Write mode has none); all when left out. */
  type: z.enum(CHAT_TYPES).optional(),
});

/** `GET /api/chats/collections` (the history panel's Collections tab): `type` as in the history. */
export const chatCollectionsQuery = z.object({ type: z.enum(CHAT_TYPES).optional() });

/** `GET /api/chats/{id}/export`. */
export const CHAT_EXPORT_FORMATS = ['markdown', 'json', 'text'] as const;
export type ChatExportFormat = (typeof CHAT_EXPORT_FORMATS)[number];
export const chatExportQuery = z.object({ format: z.enum(CHAT_EXPORT_FORMATS).default('markdown') });

/** One chat of `GET /api/chats/history` (newest activity first). */
export const chatHistoryItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** The start of the latest answer (or its question when there is no answer yet). */
  lastMessage: z.string().nullable(),
  messageCount: z.number(),
});
export type ChatHistoryItem = z.infer<typeof chatHistoryItemSchema>;
export const chatHistoryListSchema = z.object({ data: z.array(chatHistoryItemSchema), totalCount: z.number() });

/** `GET /api/chats/collections`: 'AI Chats' then 'Unfiltered', each with its chats. */
export const chatCollectionListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      parentId: z.number().nullable(),
      chatCount: z.number(),
      chats: z.array(z.object({ id: z.number(), title: z.string(), updatedAt: z.string() })),
    }),
  ),
});

/**
 * Share Options "Invite Other": a read-only link to a chat, `POST/GET/DELETE /api/chats/{id}/share`.
 * Anyone with the link (`url`, served by the server as a plain page at `/shared/chats/{token}`, no
 * sign-in) sees the chat's title and its finished questions and answers; turning it off makes the
 * link answer 404, and sharing again makes a new one.
 */
export const CHAT_SHARE_TOKEN_LENGTH = 32;
/** A share token: 32 base64url characters (192 random bits). */
export const chatShareTokenSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${CHAT_SHARE_TOKEN_LENGTH}}$`));

export const chatShareSchema = z.object({
  /** The link to give out: the server's public base URL + `/shared/chats/{token}`. */
  url: z.string(),
  token: z.string(),
  createdAt: z.string(),
});
export type ChatShare = z.infer<typeof chatShareSchema>;
/** `POST /api/chats/{id}/share` (201 when made, 200 when the chat was already shared). */
export const chatShareResponseSchema = z.object({ data: chatShareSchema });
/** `GET` and `DELETE /api/chats/{id}/share`: the link, or null when the chat is not shared (any more). */
export const chatShareStateSchema = z.object({ data: chatShareSchema.nullable() });
