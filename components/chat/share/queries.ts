import { queryOptions } from '@tanstack/react-query';
import type { ChatApi } from '@/lib/chat/chat-api';
import { chatKeys } from '../conversation/queries';

/** A chat's read-only link, under the chat's own key (deleting the chat drops it with the rest). */
export const shareKeys = {
  link: (chatId: number) => [...chatKeys.detail(chatId), 'share'] as const,
};

export const shareLinkQuery = (api: ChatApi, chatId: number) =>
  queryOptions({ queryKey: shareKeys.link(chatId), queryFn: () => api.shareLink(chatId) });
