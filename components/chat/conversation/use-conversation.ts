import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ChatType, Message, RegenerateOptions } from '@/lib/api/chat-contract';
import {
  type ChatStreamEvent,
  type LiveAction,
  type LiveTurn,
  liveTurnReducer,
  type TurnOutcome,
  turnFinished,
  turnOutcome,
} from '@/lib/chat/answer-stream';
import type { AskBody } from '@/lib/chat/chat-api';
import { conversationView } from '@/lib/chat/conversation-view';
import { errorMessage } from '../../app/background-context';
import { chatIdAtom } from '../atoms';
import { useChatApi } from '../chat-api-context';
import { chatKeys, messagesQuery } from '../queries';

export interface AskInput {
  body: Omit<AskBody, 'text'> & { text: string };
  models: { modelId: number; displayName: string }[];
  /** The page the chat starts from (its address becomes the chat's). */
  pageUrl?: string;
  /** The type of the chat the first question creates ('ai-writer' in Write mode). */
  chatType: ChatType;
}

interface InFlight {
  ids: number[];
  stopped: boolean;
}
const newFlight = (): InFlight => ({ ids: [], stopped: false });

const CUT_MESSAGE =
  'The connection to the server was lost. The answer goes on on the server: reopen the chat to see it.';

/**
 * The chat on screen: its stored messages (React Query) with the answer in flight laid over them
 * (a reducer fed by the stream). When an answer ends, the stored messages are fetched again and
 * the live copy is dropped once they hold it. A stored answer still being written (the panel was
 * closed, or the connection cut) is re-attached once: the server replays it from its start.
 */
export function useConversation() {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const [chatId, setChatId] = useAtom(chatIdAtom);
  const [live, dispatch] = useReducer(liveTurnReducer, null);
  const [liveTurnKey, setLiveTurnKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = live !== null && !turnFinished(live);
  const followed = useRef(new Set<number>());
  // The answers asked for now: their ids as they arrive, and whether Stop was pressed (even before they did).
  const inFlight = useRef<InFlight>(newFlight());
  const messages = useQuery({ ...messagesQuery(api, chatId ?? 0), enabled: chatId !== null });

  /** Shows `start` and then the stream's events; resolves, once the stored messages hold it, with how it ended. */
  const follow = useCallback(
    async (
      events: AsyncGenerator<ChatStreamEvent>,
      forChat: number,
      start: LiveAction,
      flight = newFlight(),
    ): Promise<TurnOutcome> => {
      inFlight.current = flight;
      const { ids } = flight;
      if (start.type === 'reattach') ids.push(start.messageId);
      let complete = true;
      // The same actions go to the screen's reducer and to this copy, read once the stream has ended.
      let turn: LiveTurn | null = null;
      const apply = (action: LiveAction) => {
        turn = liveTurnReducer(turn, action);
        dispatch(action);
      };
      apply(start);
      try {
        for await (const event of events) {
          if (event.name === 'message') {
            if (event.data.id === null) complete = false;
            else {
              ids.push(event.data.id);
              // Followed here already: never re-attached to by the effect below.
              followed.current.add(event.data.id);
              // Stop was pressed before the server said which message this is: stop it now.
              if (flight.stopped) void api.stop(event.data.id).catch((error) => setFailure(errorMessage(error)));
            }
          }
          apply({ type: 'event', event });
        }
      } catch (error) {
        complete = false;
        apply({
          type: 'cut',
          message: error instanceof Error && error.name !== 'TypeError' ? error.message : CUT_MESSAGE,
        });
      }
      await queryClient.invalidateQueries({ queryKey: chatKeys.messages(forChat) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.historyAll });
      // The live copy goes only once the stored messages hold every answer, finished: never a gap.
      const stored = queryClient.getQueryData<Message[]>(chatKeys.messages(forChat)) ?? [];
      const finished = new Set(
        stored.filter((m) => m.status !== 'pending' && m.status !== 'streaming').map((m) => m.id),
      );
      if (complete && ids.length && ids.every((id) => finished.has(id))) dispatch({ type: 'clear' });
      return turnOutcome(turn);
    },
    [api, queryClient],
  );

  const ask = useCallback(
    async ({ body, models, pageUrl, chatType }: AskInput): Promise<TurnOutcome> => {
      setFailure(null);
      setLiveTurnKey(null);
      // Stop may be pressed while the chat is being created, before the stream begins.
      const flight = newFlight();
      inFlight.current = flight;
      let id = chatId;
      try {
        if (id === null) {
          const created = await api.createChat({ title: body.text.slice(0, 120), url: pageUrl, type: chatType });
          id = created.id;
          setChatId(id);
        }
      } catch (error) {
        setFailure(errorMessage(error));
        return 'failed';
      }
      return follow(api.ask(id, body), id, { type: 'ask', question: body.text, models }, flight);
    },
    [api, chatId, follow, setChatId],
  );

  const regenerate = useCallback(
    async (turnKey: string, message: Message, options: Partial<RegenerateOptions>, displayName: string) => {
      setFailure(null);
      setLiveTurnKey(turnKey);
      await follow(api.regenerate(message.id, options), message.chatId, {
        type: 'ask',
        question: message.userText,
        models: [{ modelId: options.regenerationModel ?? message.modelId ?? 0, displayName }],
      });
    },
    [api, follow],
  );

  /** Stops the answers in flight, those whose id has not arrived yet too (stopping a finished one changes nothing). */
  const stop = useCallback(async () => {
    const flight = inFlight.current;
    flight.stopped = true;
    await Promise.all(flight.ids.map((id) => api.stop(id).catch((error) => setFailure(errorMessage(error)))));
  }, [api]);

  // A stored answer still being written: follow it (once per panel), replayed from its start.
  useEffect(() => {
    if (busy || chatId === null) return;
    const unfinished = messages.data?.find(
      (m) => (m.status === 'streaming' || m.status === 'pending') && !followed.current.has(m.id),
    );
    if (!unfinished) return;
    followed.current.add(unfinished.id);
    void follow(api.reattach(unfinished.id), chatId, {
      type: 'reattach',
      question: unfinished.userText,
      messageId: unfinished.id,
      modelId: unfinished.modelId,
      displayName: unfinished.displayName,
    });
  }, [api, busy, chatId, follow, messages.data]);

  const newChat = useCallback(() => {
    dispatch({ type: 'clear' });
    setFailure(null);
    setChatId(null);
  }, [setChatId]);

  /** Drops the answer shown in flight (another tab's chat is about to show); its stored copy goes on. */
  const clearLive = useCallback(() => {
    dispatch({ type: 'clear' });
    setFailure(null);
  }, []);

  const openChat = useCallback(
    (id: number) => {
      dispatch({ type: 'clear' });
      setFailure(null);
      setChatId(id);
    },
    [setChatId],
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
    loading: messages.isLoading && chatId !== null,
    loadError: messages.error,
    ask,
    regenerate,
    stop,
    newChat,
    openChat,
    clearLive,
  };
}

export type Conversation = ReturnType<typeof useConversation>;
