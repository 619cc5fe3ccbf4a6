import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { AccessSource } from '@/lib/chat/panel-transport';
import { createLibraryApi, type LibraryApi } from '@/lib/library/library-api';
import { useLentAccess } from '../app/use-lent-access';

const LibraryApiContext = createContext<LibraryApi | null>(null);

/**
 * The library page's server client, with access tokens lent by the background (as the side panel's);
 * `access` the tokens the page asked for before rendering; `api` one made elsewhere (component tests, against the
 * live server).
 */
export function LibraryApiProvider({
  children,
  api: given,
  access: lent,
}: {
  children: ReactNode;
  api?: LibraryApi;
  access?: AccessSource;
}) {
  const lentHere = useLentAccess();
  const access = lent ?? lentHere;
  const api = useMemo(() => given ?? createLibraryApi(access), [access, given]);
  return <LibraryApiContext.Provider value={api}>{children}</LibraryApiContext.Provider>;
}

export function useLibraryApi(): LibraryApi {
  const api = useContext(LibraryApiContext);
  if (!api) throw new Error('useLibraryApi needs a LibraryApiProvider');
  return api;
}
