import { queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';

/** A chat and its messages; every key of one chat starts with `chatKeys.detail(chatId)`. */
export const chatKeys = {
  all: ['chat'] as const,
  detail: (chatId: number) => [...chatKeys.all, chatId] as const,
  messages: (chatId: number) => [...chatKeys.detail(chatId), 'messages'] as const,
};

export const chatQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.detail(chatId), queryFn: () => api.getChat(chatId) });

export const messagesQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: chatKeys.messages(chatId), queryFn: () => api.listMessages(chatId) });
