import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { LibraryChat } from '@/lib/chat/chat-requests';
import { chosenBookmarksAtom } from '../atoms';
import type { BookmarkChoice } from './selection';

/** What the library asked about, as the Bookmark panel's choice (a collection covers its sub-collections). */
export function libraryChoice(request: LibraryChat): BookmarkChoice {
  switch (request.about) {
    case 'gems':
      return { collections: [], gems: request.gems.map((g) => ({ ...g, collectionId: null })) };
    case 'collection':
      return { collections: [request.collection], gems: [] };
    case 'search':
      return {
        collections: [],
        gems: [],
        searches: [{ query: request.query, label: request.label, total: request.total }],
      };
  }
}

interface LibraryChatInputs {
  /** The library's request the panel took (usePanelPage), until `taken`. */
  request: LibraryChat | null;
  taken: () => void;
  /** The chat on screen. */
  chatId: number | null;
  newChat: () => void;
}

/**
 * "Chat about it" / "Chat about these results" from the library: a new chat whose context is what the library sent,
 * shown as the chosen gems, collection or search (removable, like a choice made in the Bookmark panel). The choice is
 * set once the new chat is on screen: a chat changing clears the choice it had (use-chosen-bookmarks.ts).
 */
export function useLibraryChat({ request, taken, chatId, newChat }: LibraryChatInputs) {
  const setChoice = useSetAtom(chosenBookmarksAtom);
  const started = useRef<LibraryChat | null>(null);
  useEffect(() => {
    if (!request) return;
    if (started.current !== request) {
      started.current = request;
      newChat();
      if (chatId !== null) return;
    }
    if (chatId !== null) return;
    setChoice(libraryChoice(request));
    started.current = null;
    taken();
  }, [request, chatId, newChat, setChoice, taken]);
}
