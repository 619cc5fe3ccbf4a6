import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ChatApi, createChatApi } from '@/lib/chat/chat-api';
import { unwrap, useBackground } from '../app/background-context';

const ChatApiContext = createContext<ChatApi | null>(null);

/** The panel's own server client, with access tokens lent by the background. */
export function ChatApiProvider({ children }: { children: ReactNode }) {
  const background = useBackground();
  const api = useMemo(
    () => createChatApi(async (refresh) => unwrap(await background.getChatAccess({ refresh }))),
    [background],
  );
  return <ChatApiContext.Provider value={api}>{children}</ChatApiContext.Provider>;
}

export function useChatApi(): ChatApi {
  const api = useContext(ChatApiContext);
  if (!api) throw new Error('useChatApi needs a ChatApiProvider');
  return api;
}
