import type { z } from 'zod';
import { CallError } from '../api/call-error';
import type {
  ChatExportFormat,
  ChatType,
  ContextSizeInput,
  MemoryProposalAnswer,
  PictureInput,
  RegenerateOptions,
  sendMessageWithContextBody,
  TemporaryMessageInput,
} from '../api/chat-contract';
import { CHAT_FILE_FIELDS } from '../api/chat-files-contract';
import { apiClient } from '../api/client';
import { chatFileApi } from '../api/routes/chat-files';
import { chatHistoryApi } from '../api/routes/chat-history';
import { chatShareApi } from '../api/routes/chat-shares';
import { chatApi } from '../api/routes/chats';
import { collectionApi } from '../api/routes/collections';
import { gemApi } from '../api/routes/gems';
import { memoryApi } from '../api/routes/memories';
import { promptApi } from '../api/routes/prompts';
import { writingCalls } from '../writing/writing-api';
import { type ChatStreamEvent, parseChatEvent } from './answer-stream';
import { type AccessSource, panelTransport } from './panel-transport';
import { readSse } from './sse';

/** Gems a page in the Bookmark attachment panel. */
export const COLLECTION_GEMS_PAGE = 25;

export type AskBody = z.input<typeof sendMessageWithContextBody>;

export type { InstructionFields, InstructionKind } from '../writing/writing-api';

/**
 * The side panel's calls to the server, made from the panel itself (answers stream straight from the
 * server, never through the service worker). A refused token is renewed once through the background.
 */
export function createChatApi(access: AccessSource) {
  const transport = panelTransport(access);
  const client = apiClient(transport);
  const sharedCalls = async () =>
    (await import('./shared-bookmarks')).sharedBookmarkCalls(client, COLLECTION_GEMS_PAGE);

  /** The events of an answer's stream; leaving the loop (or aborting) lets the answer go on server-side. */
  async function* events(sent: () => Promise<Response>): AsyncGenerator<ChatStreamEvent> {
    const response = await sent();
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
      (await client.call(chatApi.create, { body: input })).data,
    /** Renames a chat (history and header); another user's chat, or a gem that is not one, is a 404. */
    renameChat: async (chatId: number, title: string) =>
      (await client.call(chatApi.rename, { params: { id: chatId }, body: { title } })).data,
    /** Deletes a chat with its messages, pictures and files; its share link stops working. */
    deleteChat: async (chatId: number) => (await client.call(chatApi.delete, { params: { id: chatId } })).data,
    /** The chat's gem: its title and the page it was started from. */
    getChat: async (chatId: number) => (await client.call(gemApi.get, { params: { id: chatId } })).data,
    listMessages: async (chatId: number) => (await client.call(chatApi.messages, { params: { id: chatId } })).data,
    ask: (chatId: number, body: AskBody, signal?: AbortSignal) =>
      events(() => client.send(chatApi.ask, { params: { id: chatId }, body, signal })),
    /** A temporary chat: nothing is stored; the earlier turns travel with the question. */
    askTemporary: (body: TemporaryMessageInput, signal?: AbortSignal) =>
      events(() => client.send(chatApi.askTemporary, { body, signal })),
    /** Replays a stored answer from its start, then follows it live until it ends. */
    reattach: (messageId: number, signal?: AbortSignal) =>
      events(() => client.send(chatApi.stream, { params: { id: messageId }, signal })),
    regenerate: (messageId: number, options: Partial<RegenerateOptions>, signal?: AbortSignal) =>
      events(() => client.send(chatApi.regenerate, { params: { id: messageId }, body: options, signal })),
    stop: async (messageId: number) => (await client.call(chatApi.stop, { params: { id: messageId } })).data,
    /** The picture tool: pictures of the prompt, kept in the chat as a message with `images`. */
    makePictures: async (chatId: number, input: PictureInput) =>
      (await client.call(chatApi.pictures, { params: { id: chatId }, body: input })).data,
    /** One of a picture message's images saved as an Image gem (in Unfiltered). */
    savePictureGem: async (messageId: number, index: number) =>
      (await client.call(chatApi.imageGem, { params: { id: messageId }, body: { index } })).data,
    /** The Chat tab's history: Write mode has none, so its chats are left out. */
    history: (input: { page: number; search: string }) =>
      client.call(chatHistoryApi.history, { query: { type: 'chat', page: input.page, search: input.search } }),
    chatCollections: async () => (await client.call(chatHistoryApi.collections, { query: { type: 'chat' } })).data,
    /** A page of a collection's gems (the Bookmark attachment panel; 25 a page, as the spec has it). */
    collectionGems: async (collectionId: number, page: number) =>
      (
        await client.call(collectionApi.bookmarks, {
          params: { id: collectionId },
          query: { page, perPage: COLLECTION_GEMS_PAGE },
        })
      ).data,
    /** The collections shared with the user, and their gems (shared-bookmarks.ts, loaded when first asked). */
    sharedCollections: async () => (await sharedCalls()).sharedCollections(),
    sharedCollectionGems: async (collectionId: number, page: number) =>
      (await sharedCalls()).sharedCollectionGems(collectionId, page),
    exportChat: async (chatId: number, format: ChatExportFormat) => {
      const response = await client.send(chatHistoryApi.export, { params: { id: chatId }, query: { format } });
      const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      return {
        blob: await response.blob(),
        filename: name ?? `chat.${format === 'markdown' ? 'md' : format === 'json' ? 'json' : 'txt'}`,
      };
    },
    duplicate: async (chatId: number) => (await client.call(chatHistoryApi.duplicate, { params: { id: chatId } })).data,
    fork: async (messageId: number) => (await client.call(chatHistoryApi.fork, { params: { id: messageId } })).data,
    /** What the gems a question would be sent with weigh (chosen ones, its collections', the page's), for its estimate. */
    contextSize: async (input: ContextSizeInput) => (await client.call(chatApi.contextSize, { body: input })).data,
    /** Upload from device: files for `modelId` (judged by their bytes on the server), to send in `context.fileIds`. */
    uploadChatFiles: async (files: File[], modelId: number) => {
      const form = new FormData();
      for (const file of files) form.append(CHAT_FILE_FIELDS.files, file);
      form.append(CHAT_FILE_FIELDS.modelId, String(modelId));
      return (await client.call(chatFileApi.upload, { body: form })).data;
    },
    /** Invite Other: the chat's read-only link (null when not shared), made on demand, turned off. */
    shareLink: async (chatId: number) => (await client.call(chatShareApi.get, { params: { id: chatId } })).data,
    createShareLink: async (chatId: number) =>
      (await client.call(chatShareApi.create, { params: { id: chatId } })).data,
    deleteShareLink: async (chatId: number) =>
      (await client.call(chatShareApi.delete, { params: { id: chatId } })).data,
    ...writingCalls(client),
    /** Save → AI Prompt: a new private prompt holding the answer's text. */
    promptFromAnswer: async (messageId: number) =>
      (await client.call(promptApi.fromAnswer, { params: { id: messageId }, body: {} })).data,
    /** Share → Create prompt from current conversation: `modelId` writes a reusable prompt from it. */
    promptFromChat: async (chatId: number, modelId: number) =>
      (await client.call(promptApi.fromChat, { params: { id: chatId }, body: { modelId } })).data,
    listMemories: (search: string) => client.call(memoryApi.list, { query: { search, perPage: 100 } }),
    /** Records the answer to a message's memory proposal ('saved' also makes the memory); the message as it is now. */
    answerMemoryProposal: async (messageId: number, action: MemoryProposalAnswer) =>
      (await client.call(chatApi.memoryProposal, { params: { id: messageId }, body: { data: { action } } })).data,
    createMemory: async (memory: string) => (await client.call(memoryApi.create, { body: { data: { memory } } })).data,
    updateMemory: async (id: number, memory: string) =>
      (await client.call(memoryApi.update, { params: { id }, body: { data: { memory } } })).data,
    deleteMemory: async (id: number) => (await client.call(memoryApi.remove, { params: { id } })).data,
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
