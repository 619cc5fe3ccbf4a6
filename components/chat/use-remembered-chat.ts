import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { storage } from 'wxt/utils/storage';
import { chatIdAtom } from './atoms';

/** The chat the panel last showed: reopening the panel (even mid-answer) comes back to it. Gone with the browser. */
const panelChatItem = storage.defineItem<number | null>('session:panelChatId', { fallback: null });

export function useRememberedChat() {
  const [chatId, setChatId] = useAtom(chatIdAtom);
  const restored = useRef(false);
  useEffect(() => {
    void panelChatItem.getValue().then((id) => {
      restored.current = true;
      if (id !== null) setChatId((current) => current ?? id);
    });
  }, [setChatId]);
  useEffect(() => {
    if (restored.current) void panelChatItem.setValue(chatId);
  }, [chatId]);
}
