import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { chosenBookmarksAtom } from '../atoms';
import { NO_BOOKMARKS } from './selection';

/** The gems and collections chosen for the chat's next questions; another chat starts without them. */
export function useChosenBookmarks(chatId: number | null) {
  const [choice, setChoice] = useAtom(chosenBookmarksAtom);
  const shownChat = useRef(chatId);
  useEffect(() => {
    // The first question creates the chat (null → id): its bookmarks stay.
    if (shownChat.current !== null && shownChat.current !== chatId) setChoice(NO_BOOKMARKS);
    shownChat.current = chatId;
  }, [chatId, setChoice]);
  return {
    choice,
    removeGem: (id: number) => setChoice((c) => ({ ...c, gems: c.gems.filter((g) => g.id !== id) })),
    removeCollection: (id: number) =>
      setChoice((c) => ({ ...c, collections: c.collections.filter((col) => col.id !== id) })),
    removeSearch: (query: string) =>
      setChoice((c) => ({ ...c, searches: c.searches?.filter((s) => s.query !== query) })),
    clear: () => setChoice(NO_BOOKMARKS),
  };
}

export type ChosenBookmarks = ReturnType<typeof useChosenBookmarks>;
