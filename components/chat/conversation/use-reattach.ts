import { useEffect } from 'react';
import type { Message } from '@/lib/api/chat-contract';
import { mergeAnswerStreams } from '@/lib/chat/answer-stream';
import { useChatApi } from '../chat-api-context';
import type { useAnswerStream } from './use-answer-stream';

interface ReattachInputs {
  chatId: number | null;
  messages: Message[] | undefined;
  busy: boolean;
  stream: Pick<ReturnType<typeof useAnswerStream>, 'follow' | 'isFollowed'>;
}

/**
 * Follows the stored answers still being written (the panel was closed, or the connection cut), every
 * one at once (several models answer together), once per panel: the server replays each from its start.
 */
export function useReattach({ chatId, messages, busy, stream: { follow, isFollowed } }: ReattachInputs) {
  const api = useChatApi();
  useEffect(() => {
    if (busy || chatId === null) return;
    const unfinished = (messages ?? []).filter(
      (m) => (m.status === 'streaming' || m.status === 'pending') && !isFollowed(m.id),
    );
    const first = unfinished[0];
    if (!first) return;
    void follow(mergeAnswerStreams(unfinished.map((m) => api.reattach(m.id))), chatId, {
      type: 'reattach',
      question: first.userText,
      answers: unfinished.map((m) => ({ messageId: m.id, modelId: m.modelId, displayName: m.displayName })),
    });
  }, [api, busy, chatId, follow, isFollowed, messages]);
}
