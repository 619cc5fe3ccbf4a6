import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { errorMessage } from '../../app/background-context';
import { chatIdAtom, pictureOptionsAtom } from '../atoms';
import { useChatApi } from '../chat-api-context';
import { chatKeys } from '../conversation/queries';
import { historyKeys } from '../history/queries';

/** What is being drawn, for the status line. */
export interface PictureRequest {
  prompt: string;
  count: number;
  displayName: string;
}

/**
 * The picture tool: asks the server for pictures of the prompt (the chat is created first when there is none),
 * then shows the stored picture message. Not streamed: a status line says what is being made meanwhile.
 */
export function usePictures() {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const [chatId, setChatId] = useAtom(chatIdAtom);
  const options = useAtomValue(pictureOptionsAtom);
  const [pending, setPending] = useState<PictureRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const draw = async (prompt: string, model: UserModel, pageUrl?: string) => {
    setFailure(null);
    setPending({ prompt, count: options.count, displayName: model.displayName });
    try {
      let id = chatId;
      if (id === null) {
        id = (await api.createChat({ title: prompt.slice(0, 120), url: pageUrl })).id;
        setChatId(id);
      }
      await api.makePictures(id, { prompt, modelId: model.id, ...options });
      await queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(null);
    }
  };
  return { draw, pending, failure };
}
