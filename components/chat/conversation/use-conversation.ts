import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { ChatType, Message, RegenerateOptions } from '@/lib/api/chat-contract';
import { liveTurnReducer, type TurnOutcome, turnFinished } from '@/lib/chat/answer-stream';
import type { AskBody } from '@/lib/chat/chat-api';
import { type AnswerView, conversationView } from '@/lib/chat/conversation-view';
import { errorMessage } from '../../app/background-context';
import { chatIdAtom } from '../atoms';
import { useChatApi } from '../chat-api-context';
import { chatKeys } from './queries';
import { useAnswerStream } from './use-answer-stream';
import { useChatMessages } from './use-chat-messages';
import { useReattach } from './use-reattach';

export interface AskInput {
  body: Omit<AskBody, 'text'> & { text: string };
  models: { modelId: number; displayName: string }[];
  /** The page the chat starts from (its address becomes the chat's). */
  pageUrl?: string;
  /** The type of the chat the first question creates ('ai-writer' in Write mode). */
  chatType: ChatType;
}

type LiveRequest = { ask: AskInput } | { regenerate: [string, Message, Partial<RegenerateOptions>, string] };

/**
 * The chat on screen: its stored messages (React Query) with the answer in flight laid over them
 * (a reducer fed by the stream, see use-answer-stream.ts), and the stored answers still being written
 * re-attached to (use-reattach.ts).
 */
export function useConversation() {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const [chatId, setChatId] = useAtom(chatIdAtom);
  const [live, dispatch] = useReducer(liveTurnReducer, null);
  const [liveTurnKey, setLiveTurnKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = live !== null && !turnFinished(live);
  const { follow, stop, takeOff, isFollowed, forgetCutOff } = useAnswerStream(dispatch, setFailure);
  const newChat = useCallback(() => {
    dispatch({ type: 'clear' });
    takeOff();
    setFailure(null);
    setChatId(null);
  }, [setChatId, takeOff]);
  const { messages, load } = useChatMessages(chatId, newChat);
  /** The request that made the answer in flight: Retry sends it again when the server kept nothing of it. */
  const liveRequest = useRef<LiveRequest | null>(null);

  const ask = useCallback(
    async (input: AskInput): Promise<TurnOutcome> => {
      const { body, models, pageUrl, chatType } = input;
      liveRequest.current = { ask: input };
      setFailure(null);
      setLiveTurnKey(null);
      const flight = takeOff();
      const start = { type: 'ask', question: body.text, models } as const;
      // The question shows (and the panel is busy) while the chat is still being created.
      dispatch(start);
      let id = chatId;
      try {
        if (id === null) {
          const created = await api.createChat({ title: body.text.slice(0, 120), url: pageUrl, type: chatType });
          id = created.id;
          // A new chat has no messages yet: known, so the question in flight shows on, never a loading state.
          queryClient.setQueryData<Message[]>(chatKeys.messages(id), []);
          setChatId(id);
        }
      } catch (error) {
        // A failed answer under the question, so Retry can send it again.
        dispatch({ type: 'cut', message: errorMessage(error) });
        return 'failed';
      }
      return follow(api.ask(id, body), id, start, { flight });
    },
    [api, chatId, follow, queryClient, setChatId, takeOff],
  );

  const regenerate = useCallback(
    async (turnKey: string, message: Message, options: Partial<RegenerateOptions>, displayName: string) => {
      liveRequest.current = { regenerate: [turnKey, message, options, displayName] };
      setFailure(null);
      setLiveTurnKey(turnKey);
      await follow(
        api.regenerate(message.id, options),
        message.chatId,
        {
          type: 'ask',
          question: message.userText,
          models: [{ modelId: options.regenerationModel ?? message.modelId ?? 0, displayName }],
        },
        { regeneratedFrom: message.id },
      );
    },
    [api, follow],
  );

  /** A failed answer again: regenerated when stored; otherwise (refused, offline) its request is sent again. */
  const retry = useCallback(
    (turnKey: string, answer: AnswerView) => {
      const request = liveRequest.current;
      if (answer.stored) void regenerate(turnKey, answer.stored, {}, answer.displayName);
      else if (!answer.live || !request) return;
      else if ('ask' in request) void ask(request.ask);
      else void regenerate(...request.regenerate);
    },
    [ask, regenerate],
  );

  useReattach({ chatId, messages: messages.data, busy, stream: { follow, isFollowed } });

  /** Drops the answer shown in flight (another tab's chat is about to show); its stored copy goes on. */
  const clearLive = useCallback(() => {
    dispatch({ type: 'clear' });
    takeOff();
    setFailure(null);
  }, [takeOff]);

  /** Shows chat `id` as the server has it now: answers still being written there are re-attached to. */
  const openChat = useCallback(
    (id: number) => {
      dispatch({ type: 'clear' });
      takeOff();
      setFailure(null);
      forgetCutOff();
      void queryClient.resetQueries({ queryKey: chatKeys.messages(id), exact: true });
      setChatId(id);
    },
    [forgetCutOff, queryClient, setChatId, takeOff],
  );

  const turns = useMemo(
    () => conversationView(messages.data ?? [], live, liveTurnKey),
    [messages.data, live, liveTurnKey],
  );
  return {
    chatId,
    turns,
    busy,
    failure,
    ...load,
    ask,
    regenerate,
    retry,
    stop,
    newChat,
    openChat,
    clearLive,
  };
}

export type Conversation = ReturnType<typeof useConversation>;
