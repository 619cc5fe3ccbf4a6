import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useRef } from 'react';
import type { Message } from '@/lib/api/chat-contract';
import {
  type ChatStreamEvent,
  type LiveAction,
  type LiveTurn,
  liveTurnReducer,
  type TurnOutcome,
  turnFinished,
  turnOutcome,
} from '@/lib/chat/answer-stream';
import { settledMessages } from '@/lib/chat/settled-answers';
import { errorMessage } from '../../app/background-context';
import { useChatApi } from '../chat-api-context';
import { historyKeys } from '../history/queries';
import { chatKeys } from './queries';

/** The answers asked for now: their ids as the server names them, and whether Stop was pressed (even before that). */
interface InFlight {
  ids: number[];
  stopped: boolean;
}

const CUT_MESSAGE =
  'The connection to the server was lost. The answer goes on on the server: reopen the chat to see it.';

/** How `follow` shows a stream: in which flight (default a new one), and the stored answer it regenerates, if any. */
interface FollowOptions {
  flight?: InFlight;
  regeneratedFrom?: number;
}

/**
 * Following an answer's stream into the live turn (`dispatch`), and stopping it. When every answer has ended, the
 * answers go into the stored messages' cache as the stream gave them and the live copy is dropped at once; the
 * stored messages are then read again in the background (what the stream does not carry: times, manifests). When
 * the stream was cut, or the cache cannot take them, the live copy stays until the stored messages hold them.
 */
export function useAnswerStream(dispatch: Dispatch<LiveAction>, setFailure: (message: string) => void) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  /** Messages followed by this panel: never re-attached to. */
  const followed = useRef(new Set<number>());
  const inFlight = useRef<InFlight>({ ids: [], stopped: false });
  /** Messages whose stream was cut: followed no more once their chat is opened again. */
  const cutOff = useRef(new Set<number>());

  /**
   * A new flight, before anything is sent (Stop may be pressed while the chat is still being created); the
   * one before leaves the screen. Also called with nothing to send, when the panel moves to another chat.
   */
  const takeOff = useCallback(() => {
    inFlight.current = { ids: [], stopped: false };
    return inFlight.current;
  }, []);

  /**
   * Shows `start` and then the stream's events; resolves with how it ended once the stored messages hold it, which is
   * as soon as every answer has ended: the follow-up questions that come after go straight into the stored messages.
   */
  const follow = useCallback(
    (
      events: AsyncGenerator<ChatStreamEvent>,
      forChat: number,
      start: LiveAction,
      { flight = takeOff(), regeneratedFrom }: FollowOptions = {},
    ): Promise<TurnOutcome> => {
      if (start.type === 'reattach')
        for (const { messageId } of start.answers) {
          followed.current.add(messageId);
          flight.ids.push(messageId);
        }
      const ids: number[] = [];
      let complete = true;
      // The same actions go to the screen's reducer and to this copy, read once the answers have ended.
      let turn: LiveTurn | null = null;
      // Only the newest flight is shown: an older one (another chat opened, another answer asked) goes on unseen.
      const onScreen = () => inFlight.current === flight;
      const apply = (action: LiveAction) => {
        turn = liveTurnReducer(turn, action);
        if (onScreen()) dispatch(action);
      };
      const key = chatKeys.messages(forChat);
      /** Puts the ended answers into the stored messages' cache; false when it cannot take them yet. */
      const settle = () => {
        const place = { chatId: forChat, regeneratedFrom };
        const settled = complete ? settledMessages(queryClient.getQueryData<Message[]>(key), turn, place) : null;
        if (!settled) return false;
        // The next render reads the cache as set here: the answers never leave the screen, nor show twice.
        queryClient.setQueryData(key, settled);
        if (onScreen()) dispatch({ type: 'clear' });
        return true;
      };
      /** Follow-up questions of an answer already in the cache. */
      const lateFollowUps = (event: Extract<ChatStreamEvent, { name: 'followups' }>) => {
        const id = event.data.id ?? ids[event.data.index ?? 0];
        queryClient.setQueryData<Message[]>(key, (stored) =>
          stored?.map((m) => (m.id === id ? { ...m, followUps: event.data.questions } : m)),
        );
      };
      const read = async (ended: (outcome: TurnOutcome) => void) => {
        apply(start);
        let settled = false;
        try {
          for await (const event of events) {
            if (event.name === 'message') {
              if (event.data.id === null) complete = false;
              else {
                ids.push(event.data.id);
                flight.ids.push(event.data.id);
                followed.current.add(event.data.id);
                // Stop was pressed before the server said which message this is: stop it now.
                if (flight.stopped) void api.stop(event.data.id).catch((error) => setFailure(errorMessage(error)));
              }
            }
            if (settled && event.name === 'followups') {
              lateFollowUps(event);
              continue;
            }
            apply({ type: 'event', event });
            if (!settled && turn && turnFinished(turn) && settle()) {
              settled = true;
              ended(turnOutcome(turn));
            }
          }
        } catch (error) {
          complete = false;
          // The answers go on on the server: reopening the chat re-attaches to them.
          for (const id of flight.ids) cutOff.current.add(id);
          apply({
            type: 'cut',
            message: error instanceof Error && error.name !== 'TypeError' ? error.message : CUT_MESSAGE,
          });
        }
        void queryClient.invalidateQueries({ queryKey: historyKeys.all });
        // Reads the stored copy (what the stream does not carry: times, manifests); a read begun before is cancelled
        // first, so its older copy never lands.
        if (settled || settle()) {
          void queryClient.invalidateQueries({ queryKey: key });
          return ended(turnOutcome(turn));
        }
        await queryClient.invalidateQueries({ queryKey: key });
        const stored = queryClient.getQueryData<Message[]>(key) ?? [];
        const finished = new Set(
          stored.filter((m) => m.status !== 'pending' && m.status !== 'streaming').map((m) => m.id),
        );
        if (onScreen() && complete && ids.length && ids.every((id) => finished.has(id))) dispatch({ type: 'clear' });
        ended(turnOutcome(turn));
      };
      return new Promise<TurnOutcome>((resolve) => void read(resolve));
    },
    [api, queryClient, dispatch, setFailure, takeOff],
  );

  /** Stops the answers in flight, those the server has not named yet too (stopping a finished one changes nothing). */
  const stop = useCallback(async () => {
    const flight = inFlight.current;
    flight.stopped = true;
    await Promise.all(flight.ids.map((id) => api.stop(id).catch((error) => setFailure(errorMessage(error)))));
  }, [api, setFailure]);

  const isFollowed = useCallback((messageId: number) => followed.current.has(messageId), []);

  /** Lets the answers whose stream was cut be re-attached to (their chat is being opened again). */
  const forgetCutOff = useCallback(() => {
    for (const id of cutOff.current) followed.current.delete(id);
    cutOff.current.clear();
  }, []);

  return { follow, stop, takeOff, isFollowed, forgetCutOff };
}
