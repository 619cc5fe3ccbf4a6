import { z } from 'zod';
import {
  type ChatExportFormat,
  type ChatType,
  type ContextSizeInput,
  chatCollectionListSchema,
  chatHistoryListSchema,
  chatShareResponseSchema,
  chatShareStateSchema,
  contextSizeSchema,
  type MemoryProposalAnswer,
  messageListSchema,
  messageSchema,
  type PictureInput,
  type RegenerateOptions,
  type sendMessageWithContextBody,
  type TemporaryMessageInput,
} from '../api/chat-contract';
import { CHAT_FILE_FIELDS, chatFileUploadResponseSchema } from '../api/chat-files-contract';
import { collectionBookmarksSchema, gemSchema } from '../api/contract';
import {
  brandVoiceListSchema,
  brandVoiceSchema,
  memoryListSchema,
  memorySchema,
  optimizedPromptSchema,
  type PromptCategory,
  personaListSchema,
  personaSchema,
  promptListSchema,
  promptSchema,
  type UpdatePromptInput,
} from '../api/voice-contract';
import { errorFromResponse, offlineError } from '../background/errors';
import type { ChatAccess, UiError } from '../messaging/types';
import { type ChatStreamEvent, parseChatEvent } from './answer-stream';
import { readSse } from './sse';

/** Gems a page in the Bookmark attachment panel (spec §2). */
export const COLLECTION_GEMS_PAGE = 25;

/** A failed chat call, with what the panel shows. */
export class ChatApiError extends Error {
  constructor(readonly ui: UiError) {
    super(ui.message);
  }
}

/** The server's address and an access token, lent by the background (fresh when `refresh` is set). */
export type AccessSource = (refresh: boolean) => Promise<ChatAccess>;

export type AskBody = z.input<typeof sendMessageWithContextBody>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const chatRefSchema = z.object({ data: z.object({ id: z.number(), title: z.string() }) });
const deletedSchema = z.object({ data: z.object({ id: z.number() }) });

/** A brand voice ('voice') or an agent ('persona'): the panel lists, edits and picks both alike. */
export type InstructionKind = 'voice' | 'persona';
const INSTRUCTIONS = {
  voice: { path: 'brand-voices', list: brandVoiceListSchema, one: z.object({ data: brandVoiceSchema }) },
  persona: { path: 'personas', list: personaListSchema, one: z.object({ data: personaSchema }) },
} as const;
const searchParam = (search: string) => `search=${encodeURIComponent(search)}&perPage=100`;

const chatGemSchema = z.object({ data: z.object({ id: z.number(), title: z.string(), url: z.string().nullable() }) });

/**
 * The side panel's calls to the server, made from the panel itself (answers stream straight from the
 * server, never through the service worker). A refused token is renewed once through the background.
 */
export function createChatApi(access: AccessSource) {
  async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    for (const refresh of [false, true]) {
      const { serverUrl, token } = await access(refresh);
      let response: Response;
      try {
        response = await fetch(`${serverUrl}/api/${path}`, {
          method,
          // A FormData body sets its own multipart type (with its boundary).
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ChatApiError(offlineError(serverUrl));
      }
      if (response.status === 401 && !refresh) continue;
      if (!response.ok) throw new ChatApiError(await errorFromResponse(response));
      return response;
    }
    throw new ChatApiError({
      kind: 'signed-out',
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
  }

  async function json<S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown) {
    const response = await send(method, path, body);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new ChatApiError({
        kind: 'server',
        status: response.status,
        message: 'The server sent an answer Trove does not understand.',
      });
    return parsed.data as z.output<S>;
  }

  /** The events of an answer's stream; leaving the loop (or aborting) lets the answer go on server-side. */
  async function* events(
    method: Method,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent> {
    const response = await send(method, path, body, signal);
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
      throw new ChatApiError({
        kind: 'server',
        status: response.status,
        message: 'The server did not stream an answer.',
      });
    for await (const sse of readSse(response.body)) {
      const event = parseChatEvent(sse);
      if (event) yield event;
    }
  }

  return {
    createChat: async (input: { title?: string; url?: string; type?: ChatType }) =>
      (await json('POST', 'chats', chatRefSchema, input)).data,
    /** Renames a chat (history and header); another user's chat, or a gem that is not one, is a 404. */
    renameChat: async (chatId: number, title: string) =>
      (await json('PUT', `chats/${chatId}`, chatRefSchema, { title })).data,
    /** Deletes a chat with its messages, pictures and files; its share link stops working. */
    deleteChat: async (chatId: number) => (await json('DELETE', `chats/${chatId}`, deletedSchema)).data,
    /** The chat's gem: its title and the page it was started from. */
    getChat: async (chatId: number) => (await json('GET', `gems/${chatId}`, chatGemSchema)).data,
    listMessages: async (chatId: number) => (await json('GET', `chats/${chatId}/messages`, messageListSchema)).data,
    ask: (chatId: number, body: AskBody, signal?: AbortSignal) =>
      events('POST', `chats/${chatId}/messages`, body, signal),
    /** A temporary chat: nothing is stored; the earlier turns travel with the question. */
    askTemporary: (body: TemporaryMessageInput, signal?: AbortSignal) =>
      events('POST', 'chats/temporary/messages', body, signal),
    /** Replays a stored answer from its start, then follows it live until it ends. */
    reattach: (messageId: number, signal?: AbortSignal) =>
      events('GET', `messages/${messageId}/stream`, undefined, signal),
    regenerate: (messageId: number, options: Partial<RegenerateOptions>, signal?: AbortSignal) =>
      events('POST', `messages/${messageId}/regenerate`, options, signal),
    stop: async (messageId: number) =>
      (await json('POST', `messages/${messageId}/stop`, z.object({ data: messageSchema }))).data,
    /** The picture tool: pictures of the prompt, kept in the chat as a message with `images`. */
    makePictures: async (chatId: number, input: PictureInput) =>
      (await json('POST', `chats/${chatId}/pictures`, z.object({ data: messageSchema }), input)).data,
    /** One of a picture message's images saved as an Image gem (in Unfiltered). */
    savePictureGem: async (messageId: number, index: number) =>
      (await json('POST', `messages/${messageId}/image-gem`, z.object({ data: gemSchema }), { index })).data,
    /** The Chat tab's history: Write mode has none (spec §2), so its chats are left out. */
    history: (input: { page: number; search: string }) =>
      json(
        'GET',
        `chats/history?type=chat&page=${input.page}&search=${encodeURIComponent(input.search)}`,
        chatHistoryListSchema,
      ),
    chatCollections: async () => (await json('GET', 'chats/collections?type=chat', chatCollectionListSchema)).data,
    /** A page of a collection's gems (the Bookmark attachment panel; 25 a page, as the spec has it). */
    collectionGems: async (collectionId: number, page: number) =>
      (
        await json(
          'GET',
          `collections/${collectionId}/bookmarks?page=${page}&perPage=${COLLECTION_GEMS_PAGE}`,
          collectionBookmarksSchema,
        )
      ).data,
    exportChat: async (chatId: number, format: ChatExportFormat) => {
      const response = await send('GET', `chats/${chatId}/export?format=${format}`);
      const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      return {
        blob: await response.blob(),
        filename: name ?? `chat.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`,
      };
    },
    duplicate: async (chatId: number) => (await json('POST', `chats/${chatId}/duplicate`, chatRefSchema)).data,
    fork: async (messageId: number) => (await json('POST', `messages/${messageId}/fork`, chatRefSchema)).data,
    /** What the gems a question would be sent with weigh (chosen ones, its collections', the page's), for its estimate. */
    contextSize: async (input: ContextSizeInput) =>
      (await json('POST', 'chats/context-size', contextSizeSchema, input)).data,
    /** Upload from device: files for `modelId` (judged by their bytes on the server), to send in `context.fileIds`. */
    uploadChatFiles: async (files: File[], modelId: number) => {
      const form = new FormData();
      for (const file of files) form.append(CHAT_FILE_FIELDS.files, file);
      form.append(CHAT_FILE_FIELDS.modelId, String(modelId));
      return (await json('POST', 'upload-chat-files', chatFileUploadResponseSchema, form)).data;
    },
    /** Invite Other: the chat's read-only link (null when not shared), made on demand, turned off. */
    shareLink: async (chatId: number) => (await json('GET', `chats/${chatId}/share`, chatShareStateSchema)).data,
    createShareLink: async (chatId: number) =>
      (await json('POST', `chats/${chatId}/share`, chatShareResponseSchema)).data,
    deleteShareLink: async (chatId: number) =>
      (await json('DELETE', `chats/${chatId}/share`, chatShareStateSchema)).data,
    /** The prompts the user may use (their own and public ones), of one category or 'All'. */
    listPrompts: (input: { category: PromptCategory | 'All'; search: string; page: number }) => {
      const query = new URLSearchParams({ category: input.category, search: input.search, page: String(input.page) });
      return json('GET', `prompts?${query}`, promptListSchema);
    },
    /** One prompt as the user may see it (the latest version, for an editor told it changed elsewhere). */
    getPrompt: async (id: number) => (await json('GET', `prompts/${id}`, z.object({ data: promptSchema }))).data,
    /**
     * The author's edit (the spec's `data{expander, text}`); answers the prompt as saved. With `updatedAt`
     * (the version edited) a 409 PROMPT_CHANGED_ELSEWHERE when it changed since.
     */
    updatePrompt: async (id: number, data: UpdatePromptInput) =>
      (await json('PUT', `prompts/${id}`, z.object({ data: promptSchema }), { data })).data,
    deletePrompt: async (id: number) => (await json('DELETE', `prompts/${id}`, deletedSchema)).data,
    /** Optimize prompt (author only): `modelId` improves `text` (the editor's current text); nothing is saved. */
    optimizePrompt: async (id: number, input: { modelId: number; text?: string }) =>
      (await json('POST', `prompts/${id}/optimize`, optimizedPromptSchema, input)).data.text,
    /** Save → AI Prompt: a new private prompt holding the answer's text. */
    promptFromAnswer: async (messageId: number) =>
      (await json('POST', `messages/${messageId}/prompt`, z.object({ data: promptSchema }), {})).data,
    /** Share → Create prompt from current conversation: `modelId` writes a reusable prompt from it. */
    promptFromChat: async (chatId: number, modelId: number) =>
      (await json('POST', `chats/${chatId}/prompt`, z.object({ data: promptSchema }), { modelId })).data,
    /** The user's brand voices or agents matching `search` (the default first). */
    listInstructions: (kind: InstructionKind, search: string) =>
      json('GET', `${INSTRUCTIONS[kind].path}?${searchParam(search)}`, INSTRUCTIONS[kind].list),
    updateInstruction: async (kind: InstructionKind, id: number, data: { name?: string; text?: string }) =>
      (await json('PUT', `${INSTRUCTIONS[kind].path}/${id}`, INSTRUCTIONS[kind].one, { data })).data,
    deleteInstruction: async (kind: InstructionKind, id: number) =>
      (await json('DELETE', `${INSTRUCTIONS[kind].path}/${id}`, deletedSchema)).data,
    listMemories: (search: string) => json('GET', `memories?${searchParam(search)}`, memoryListSchema),
    /** Records the answer to a message's memory proposal ('saved' also makes the memory); the message as it is now. */
    answerMemoryProposal: async (messageId: number, action: MemoryProposalAnswer) =>
      (
        await json('POST', `messages/${messageId}/memory-proposal`, z.object({ data: messageSchema }), {
          data: { action },
        })
      ).data,
    createMemory: async (memory: string) =>
      (await json('POST', 'memories', z.object({ data: memorySchema }), { data: { memory } })).data,
    updateMemory: async (id: number, memory: string) =>
      (await json('PUT', `memories/${id}`, z.object({ data: memorySchema }), { data: { memory } })).data,
    deleteMemory: async (id: number) => (await json('DELETE', `memories/${id}`, deletedSchema)).data,
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
