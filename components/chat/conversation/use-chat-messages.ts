import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CallError } from '@/lib/api/call-error';
import { useChatApi } from '../chat-api-context';
import { messagesQuery } from './queries';

/** The open chat's stored messages and how their loading went. A chat deleted meanwhile (404) calls `onGone`. */
export function useChatMessages(chatId: number | null, onGone: () => void) {
  const api = useChatApi();
  const messages = useQuery({ ...messagesQuery(api, chatId ?? 0), enabled: chatId !== null });
  const gone = messages.error instanceof CallError && messages.error.ui.status === 404;
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  return {
    messages,
    load: {
      loading: messages.isLoading && chatId !== null,
      // Messages already on screen stay there when a later fetch fails.
      loadError: messages.data || gone ? null : messages.error,
      reloadMessages: () => void messages.refetch(),
      reloading: messages.isFetching,
    },
  };
}
