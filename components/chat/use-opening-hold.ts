import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useChatApi } from './chat-api-context';
import { chatQuery } from './conversation/queries';
import { loadedTurns, loadTurns } from './conversation/turns-code';

/**
 * True while the panel, opened on a stored chat, still waits for the chat's title, its turns or the code that
 * draws them: it shows its skeleton meanwhile, never "New chat" or a title without its turns. Once the chat
 * has shown, a chat opened later shows its own loading state instead.
 */
export function useOpeningHold(chatId: number | null, loadingMessages: boolean): boolean {
  const api = useChatApi();
  const chat = useQuery({ ...chatQuery(api, chatId ?? 0), enabled: chatId !== null });
  const [turnsCode, setTurnsCode] = useState(() => loadedTurns() !== null);
  const [opened, setOpened] = useState(false);
  const waiting = chatId !== null && (loadingMessages || chat.isPending || !turnsCode);
  useEffect(() => {
    if (turnsCode || chatId === null) return;
    let current = true;
    loadTurns().then(
      () => current && setTurnsCode(true),
      // Without its code the chat shows as it would later (its turns load in their own Suspense).
      () => current && setTurnsCode(true),
    );
    return () => {
      current = false;
    };
  }, [turnsCode, chatId]);
  useEffect(() => {
    if (!waiting) setOpened(true);
  }, [waiting]);
  return !opened && waiting;
}
