import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { storage } from 'wxt/utils/storage';
import type { ChatType } from '@/lib/api/chat-contract';
import { chatIdsAtom, chatModeAtom } from './atoms';

interface Remembered {
  mode: ChatType;
  ids: Record<ChatType, number | null>;
}

/**
 * The tab and chats the panel last showed: reopening the panel (even mid-answer) comes back to them. Gone with the
 * browser.
 */
const panelChatsItem = storage.defineItem<Remembered | null>('session:panelChats', { fallback: null });

export function useRememberedChat() {
  const [ids, setIds] = useAtom(chatIdsAtom);
  const [mode, setMode] = useAtom(chatModeAtom);
  const restored = useRef(false);
  useEffect(() => {
    void panelChatsItem.getValue().then((remembered) => {
      restored.current = true;
      if (!remembered) return;
      setMode(remembered.mode);
      setIds((current) => ({
        chat: current.chat ?? remembered.ids.chat,
        'ai-writer': current['ai-writer'] ?? remembered.ids['ai-writer'],
      }));
    });
  }, [setIds, setMode]);
  useEffect(() => {
    if (restored.current) void panelChatsItem.setValue({ mode, ids });
  }, [mode, ids]);
}
