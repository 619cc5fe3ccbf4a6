import { createContext, type ReactNode, useContext } from 'react';
import type { WritingApi } from '@/lib/writing/writing-api';

const WritingApiContext = createContext<WritingApi | null>(null);

/** The calls the writing parts make: the side panel gives its chat client, the library page its own. */
export function WritingApiProvider({ api, children }: { api: WritingApi; children: ReactNode }) {
  return <WritingApiContext.Provider value={api}>{children}</WritingApiContext.Provider>;
}

export function useWritingApi(): WritingApi {
  const api = useContext(WritingApiContext);
  if (!api) throw new Error('useWritingApi needs a WritingApiProvider');
  return api;
}
