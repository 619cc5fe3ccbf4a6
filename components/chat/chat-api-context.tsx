import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ChatApi, createChatApi } from '@/lib/chat/chat-api';
import { useLentAccess } from '../app/use-lent-access';
import { WritingApiProvider } from '../writing/writing-api-context';

const ChatApiContext = createContext<ChatApi | null>(null);

/**
 * The panel's own server client, with access tokens lent by the background; `api` supplies a client
 * made elsewhere instead (component tests).
 */
export function ChatApiProvider({ children, api: given }: { children: ReactNode; api?: ChatApi }) {
  const access = useLentAccess();
  const api = useMemo(() => given ?? createChatApi(access), [access, given]);
  // The writing parts (prompts, brand voices, agents) use the same client.
  return (
    <ChatApiContext.Provider value={api}>
      <WritingApiProvider api={api}>{children}</WritingApiProvider>
    </ChatApiContext.Provider>
  );
}

export function useChatApi(): ChatApi {
  const api = useContext(ChatApiContext);
  if (!api) throw new Error('useChatApi needs a ChatApiProvider');
  return api;
}
