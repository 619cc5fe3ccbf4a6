import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ChatApi, createChatApi } from '@/lib/chat/chat-api';
import type { ChatAccess } from '@/lib/messaging/types';
import { unwrap, useBackground } from '../app/background-context';

const ChatApiContext = createContext<ChatApi | null>(null);

/** The panel's own server client, with access tokens lent by the background (`api`: a given client instead). */
export function ChatApiProvider({ children, api: given }: { children: ReactNode; api?: ChatApi }) {
  const background = useBackground();
  const api = useMemo(() => {
    if (given) return given;
    // The token lent last: asked for again only when the server refuses it (or on first use), so a
    // question does not wait on the service worker, which the browser may have stopped.
    let lent: Promise<ChatAccess> | null = null;
    return createChatApi((refresh) => {
      if (refresh || !lent) {
        lent = background.getChatAccess({ refresh }).then(unwrap);
        lent.catch(() => {
          lent = null;
        });
      }
      return lent;
    });
  }, [background, given]);
  return <ChatApiContext.Provider value={api}>{children}</ChatApiContext.Provider>;
}

export function useChatApi(): ChatApi {
  const api = useContext(ChatApiContext);
  if (!api) throw new Error('useChatApi needs a ChatApiProvider');
  return api;
}
