import { z } from 'zod';
import { aiSettingsSchema } from '../api/ai-contract';
import { CallError, notUnderstoodError } from '../api/call-error';
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
import { apiClient } from '../api/client';
import { gemSchema } from '../api/contract';
import type { HttpMethod } from '../api/route';
import { collectionApi } from '../api/routes/collections';
import { gemApi } from '../api/routes/gems';
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
import { type ChatStreamEvent, parseChatEvent } from './answer-stream';
import { type AccessSource, panelTransport } from './panel-transport';
import { readSse } from './sse';

/** Gems a page in the Bookmark attachment panel (spec §2). */
export const COLLECTION_GEMS_PAGE = 25;

export type AskBody = z.input<typeof sendMessageWithContextBody>;
type Method = HttpMethod;

const chatRefSchema = z.object({ data: z.object({ id: z.number(), title: z.string() }) });
const deletedSchema = z.object({ data: z.object({ id: z.number() }) });

/** A brand voice ('voice') or an agent ('persona'): the panel lists, edits and picks both alike. */
export type InstructionKind = 'voice' | 'persona';
const INSTRUCTIONS = {
  voice: { path: 'brand-voices', list: brandVoiceListSchema, one: z.object({ data: brandVoiceSchema }) },
  persona: { path: 'personas', list: personaListSchema, one: z.object({ data: personaSchema }) },
} as const;
const searchParam = (search: string) => `search=${encodeURIComponent(search)}&perPage=100`;

/**
 * The side panel's calls to the server, made from the panel itself (answers stream straight from the
 * server, never through the service worker). A refused token is renewed once through the background.
 */
export function createChatApi(access: AccessSource) {
  const transport = panelTransport(access);
  const api = apiClient(transport);

  /** A route not yet in the contract (lib/api/routes/index.ts), under /api/ (`path` without its leading slash). */
  function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const json = body !== undefined && !(body instanceof FormData);
    return transport({
      method,
      target: `api/${path}`,
      auth: 'user',
      // A FormData body sets its own multipart type (with its boundary).
      headers: json ? { 'Content-Type': 'application/json' } : {},
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
      signal,
    });
  }

  async function json<S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown) {
    const response = await send(method, path, body);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CallError(notUnderstoodError(response.status));
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
      throw new CallError({
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
      (await json('post', 'chats', chatRefSchema, input)).data,
    /** Renames a chat (history and header); another user's chat, or a gem that is not one, is a 404. */
    renameChat: async (chatId: number, title: string) =>
      (await json('put', `chats/${chatId}`, chatRefSchema, { title })).data,
    /** Deletes a chat with its messages, pictures and files; its share link stops working. */
    deleteChat: async (chatId: number) => (await json('delete', `chats/${chatId}`, deletedSchema)).data,
    /** The chat's gem: its title and the page it was started from. */
    getChat: async (chatId: number) => (await api.call(gemApi.get, { params: { id: chatId } })).data,
    listMessages: async (chatId: number) => (await json('get', `chats/${chatId}/messages`, messageListSchema)).data,
    ask: (chatId: number, body: AskBody, signal?: AbortSignal) =>
      events('post', `chats/${chatId}/messages`, body, signal),
    /** A temporary chat: nothing is stored; the earlier turns travel with the question. */
    askTemporary: (body: TemporaryMessageInput, signal?: AbortSignal) =>
      events('post', 'chats/temporary/messages', body, signal),
    /** Replays a stored answer from its start, then follows it live until it ends. */
    reattach: (messageId: number, signal?: AbortSignal) =>
      events('get', `messages/${messageId}/stream`, undefined, signal),
    regenerate: (messageId: number, options: Partial<RegenerateOptions>, signal?: AbortSignal) =>
      events('post', `messages/${messageId}/regenerate`, options, signal),
    stop: async (messageId: number) =>
      (await json('post', `messages/${messageId}/stop`, z.object({ data: messageSchema }))).data,
    /** The picture tool: pictures of the prompt, kept in the chat as a message with `images`. */
    makePictures: async (chatId: number, input: PictureInput) =>
      (await json('post', `chats/${chatId}/pictures`, z.object({ data: messageSchema }), input)).data,
    /** One of a picture message's images saved as an Image gem (in Unfiltered). */
    savePictureGem: async (messageId: number, index: number) =>
      (await json('post', `messages/${messageId}/image-gem`, z.object({ data: gemSchema }), { index })).data,
    /** The Chat tab's history: Write mode has none (spec §2), so its chats are left out. */
    history: (input: { page: number; search: string }) =>
      json(
        'get',
        `chats/history?type=chat&page=${input.page}&search=${encodeURIComponent(input.search)}`,
        chatHistoryListSchema,
      ),
    chatCollections: async () => (await json('get', 'chats/collections?type=chat', chatCollectionListSchema)).data,
    /** A page of a collection's gems (the Bookmark attachment panel; 25 a page, as the spec has it). */
    collectionGems: async (collectionId: number, page: number) =>
      (
        await api.call(collectionApi.bookmarks, {
          params: { id: collectionId },
          query: { page, perPage: COLLECTION_GEMS_PAGE },
        })
      ).data,
    exportChat: async (chatId: number, format: ChatExportFormat) => {
      const response = await send('get', `chats/${chatId}/export?format=${format}`);
      const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      return {
        blob: await response.blob(),
        filename: name ?? `chat.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`,
      };
    },
    duplicate: async (chatId: number) => (await json('post', `chats/${chatId}/duplicate`, chatRefSchema)).data,
    fork: async (messageId: number) => (await json('post', `messages/${messageId}/fork`, chatRefSchema)).data,
    /** What the gems a question would be sent with weigh (chosen ones, its collections', the page's), for its estimate. */
    contextSize: async (input: ContextSizeInput) =>
      (await json('post', 'chats/context-size', contextSizeSchema, input)).data,
    /** Upload from device: files for `modelId` (judged by their bytes on the server), to send in `context.fileIds`. */
    uploadChatFiles: async (files: File[], modelId: number) => {
      const form = new FormData();
      for (const file of files) form.append(CHAT_FILE_FIELDS.files, file);
      form.append(CHAT_FILE_FIELDS.modelId, String(modelId));
      return (await json('post', 'upload-chat-files', chatFileUploadResponseSchema, form)).data;
    },
    /** Invite Other: the chat's read-only link (null when not shared), made on demand, turned off. */
    shareLink: async (chatId: number) => (await json('get', `chats/${chatId}/share`, chatShareStateSchema)).data,
    createShareLink: async (chatId: number) =>
      (await json('post', `chats/${chatId}/share`, chatShareResponseSchema)).data,
    deleteShareLink: async (chatId: number) =>
      (await json('delete', `chats/${chatId}/share`, chatShareStateSchema)).data,
    /** The prompts the user may use (their own and public ones), of one category or 'All'. */
    listPrompts: (input: { category: PromptCategory | 'All'; search: string; page: number }) => {
      const query = new URLSearchParams({ category: input.category, search: input.search, page: String(input.page) });
      return json('get', `prompts?${query}`, promptListSchema);
    },
    /** One prompt as the user may see it (the latest version, for an editor told it changed elsewhere). */
    getPrompt: async (id: number) => (await json('get', `prompts/${id}`, z.object({ data: promptSchema }))).data,
    /**
     * The author's edit (the spec's `data{expander, text}`); answers the prompt as saved. With `updatedAt`
     * (the version edited) a 409 PROMPT_CHANGED_ELSEWHERE when it changed since.
     */
    updatePrompt: async (id: number, data: UpdatePromptInput) =>
      (await json('put', `prompts/${id}`, z.object({ data: promptSchema }), { data })).data,
    deletePrompt: async (id: number) => (await json('delete', `prompts/${id}`, deletedSchema)).data,
    /** Optimize prompt (author only): `modelId` improves `text` (the editor's current text); nothing is saved. */
    optimizePrompt: async (id: number, input: { modelId: number; text?: string }) =>
      (await json('post', `prompts/${id}/optimize`, optimizedPromptSchema, input)).data.text,
    /** Save → AI Prompt: a new private prompt holding the answer's text. */
    promptFromAnswer: async (messageId: number) =>
      (await json('post', `messages/${messageId}/prompt`, z.object({ data: promptSchema }), {})).data,
    /** Share → Create prompt from current conversation: `modelId` writes a reusable prompt from it. */
    promptFromChat: async (chatId: number, modelId: number) =>
      (await json('post', `chats/${chatId}/prompt`, z.object({ data: promptSchema }), { modelId })).data,
    /** The user's brand voices or agents matching `search` (the default first). */
    listInstructions: (kind: InstructionKind, search: string) =>
      json('get', `${INSTRUCTIONS[kind].path}?${searchParam(search)}`, INSTRUCTIONS[kind].list),
    updateInstruction: async (kind: InstructionKind, id: number, data: { name?: string; text?: string }) =>
      (await json('put', `${INSTRUCTIONS[kind].path}/${id}`, INSTRUCTIONS[kind].one, { data })).data,
    deleteInstruction: async (kind: InstructionKind, id: number) =>
      (await json('delete', `${INSTRUCTIONS[kind].path}/${id}`, deletedSchema)).data,
    /** Makes a voice or agent the user's default (null clears it); answers the saved AI settings. */
    setDefaultInstruction: async (kind: InstructionKind, id: number | null) => {
      const body = kind === 'voice' ? { defaultBrandVoiceId: id } : { defaultBrandPersona: id };
      return (await json('put', 'ai-settings', z.object({ data: aiSettingsSchema }), body)).data;
    },
    listMemories: (search: string) => json('get', `memories?${searchParam(search)}`, memoryListSchema),
    /** Records the answer to a message's memory proposal ('saved' also makes the memory); the message as it is now. */
    answerMemoryProposal: async (messageId: number, action: MemoryProposalAnswer) =>
      (
        await json('post', `messages/${messageId}/memory-proposal`, z.object({ data: messageSchema }), {
          data: { action },
        })
      ).data,
    createMemory: async (memory: string) =>
      (await json('post', 'memories', z.object({ data: memorySchema }), { data: { memory } })).data,
    updateMemory: async (id: number, memory: string) =>
      (await json('put', `memories/${id}`, z.object({ data: memorySchema }), { data: { memory } })).data,
    deleteMemory: async (id: number) => (await json('delete', `memories/${id}`, deletedSchema)).data,
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
