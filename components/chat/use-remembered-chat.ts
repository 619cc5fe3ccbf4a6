import { useAtomValue, useStore } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect } from 'react';
import { type RememberedChat, rememberedChatItem } from '@/lib/chat/remembered-chat';
import { chatIdsAtom, chatModeAtom } from './atoms';

/**
 * Shows the tab and chats the panel last showed from its first render (`remembered`, read before React
 * mounted), and remembers them as they change.
 */
export function useRememberedChat(remembered: RememberedChat | null) {
  const store = useStore();
  useHydrateAtoms([
    [chatModeAtom, remembered?.mode ?? store.get(chatModeAtom)],
    [chatIdsAtom, remembered?.ids ?? store.get(chatIdsAtom)],
  ] as const);
  const ids = useAtomValue(chatIdsAtom);
  const mode = useAtomValue(chatModeAtom);
  useEffect(() => {
    void rememberedChatItem.setValue({ mode, ids });
  }, [mode, ids]);
}
