import { useAtomValue } from 'jotai';
import type { ChatFile } from '@/lib/api/chat-files-contract';
import { attachedFilesAtom, chosenBookmarksAtom, contextOnAtom, contextTextAtom } from './atoms';
import { type BookmarkChoice, NO_BOOKMARKS } from './bookmarks/selection';

interface ContextSent {
  files: ChatFile[];
  bookmarks: BookmarkChoice;
  text: string;
}

const NOTHING: ContextSent = { files: [], bookmarks: NO_BOOKMARKS, text: '' };

/**
 * What the Contexts panel adds to a question (its files, chosen gems and collections, and Context Text): nothing
 * while its switch is off, the choices kept, unsent. The question (useSendQuestion) and its estimate read it here.
 */
export function useContextSent(): ContextSent {
  const on = useAtomValue(contextOnAtom);
  const files = useAtomValue(attachedFilesAtom);
  const bookmarks = useAtomValue(chosenBookmarksAtom);
  const text = useAtomValue(contextTextAtom).trim();
  return on ? { files, bookmarks, text } : NOTHING;
}
