import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createLibraryApi, type LibraryApi } from '@/lib/library/library-api';
import { useLentAccess } from '../app/use-lent-access';

const LibraryApiContext = createContext<LibraryApi | null>(null);

/**
 * The library page's server client, with access tokens lent by the background (as the side panel's);
 * `api` supplies one made elsewhere (component tests, against the live server).
 */
export function LibraryApiProvider({ children, api: given }: { children: ReactNode; api?: LibraryApi }) {
  const access = useLentAccess();
  const api = useMemo(() => given ?? createLibraryApi(access), [access, given]);
  return <LibraryApiContext.Provider value={api}>{children}</LibraryApiContext.Provider>;
}

export function useLibraryApi(): LibraryApi {
  const api = useContext(LibraryApiContext);
  if (!api) throw new Error('useLibraryApi needs a LibraryApiProvider');
  return api;
}
