import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createLibraryApi, type LibraryApi } from '@/lib/library/library-api';
import type { ChatAccess } from '@/lib/messaging/types';
import { unwrap, useBackground } from '../app/background-context';

const LibraryApiContext = createContext<LibraryApi | null>(null);

/**
 * The library page's server client, with access tokens lent by the background (as the side panel's,
 * components/chat/chat-api-context.tsx); `api` supplies one made elsewhere (component tests, against the live server).
 */
export function LibraryApiProvider({ children, api: given }: { children: ReactNode; api?: LibraryApi }) {
  const background = useBackground();
  const api = useMemo(() => {
    if (given) return given;
    let lent: Promise<ChatAccess> | null = null;
    return createLibraryApi((refresh) => {
      if (refresh || !lent) {
        lent = background.getChatAccess({ refresh }).then(unwrap);
        lent.catch(() => {
          lent = null;
        });
      }
      return lent;
    });
  }, [background, given]);
  return <LibraryApiContext.Provider value={api}>{children}</LibraryApiContext.Provider>;
}

export function useLibraryApi(): LibraryApi {
  const api = useContext(LibraryApiContext);
  if (!api) throw new Error('useLibraryApi needs a LibraryApiProvider');
  return api;
}
