import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import {
  type LiveAction,
  type LiveTurn,
  liveTurnReducer,
  type TurnOutcome,
  turnFinished,
  turnOutcome,
} from '@/lib/chat/answer-stream';
import { conversationView } from '@/lib/chat/conversation-view';
import { useChatApi } from '../chat-api-context';
import type { AskInput } from './use-conversation';

const CUT_MESSAGE = 'The connection to the server was lost; a temporary answer cannot be recovered.';

/**
 * Temporary Chat: nothing is stored on the server (no chat, no message) and the turns live only in this
 * panel, gone when it closes. Each question carries the earlier turns as its history.
 */
export function useTemporaryChat() {
  const api = useChatApi();
  const [turns, setTurns] = useState<LiveTurn[]>([]);
  const [live, dispatch] = useReducer(liveTurnReducer, null);
  const aborter = useRef<AbortController | null>(null);
  const busy = live !== null && !turnFinished(live);

  const ask = useCallback(
    async ({ body, models }: AskInput): Promise<TurnOutcome> => {
      const history = turns.map((t) => ({ question: t.question, answer: t.answers[0]?.text ?? '' }));
      // The same actions go to the reducer (for the screen) and to a local copy (kept once finished).
      let turn: LiveTurn | null = null;
      const apply = (action: LiveAction) => {
        turn = liveTurnReducer(turn, action);
        dispatch(action);
      };
      apply({ type: 'ask', question: body.text, models });
      aborter.current = new AbortController();
      try {
        for await (const event of api.askTemporary({ ...body, temporary: true, history }, aborter.current.signal))
          apply({ type: 'event', event });
      } catch (error) {
        apply({
          type: 'cut',
          message: aborter.current.signal.aborted
            ? 'Stopped'
            : error instanceof Error && error.name !== 'TypeError'
              ? error.message
              : CUT_MESSAGE,
        });
      }
      const finished = turn;
      if (finished) setTurns((list) => [...list, finished]);
      dispatch({ type: 'clear' });
      return turnOutcome(finished);
    },
    [api, turns],
  );

  const view = useMemo(
    () =>
      [...turns, ...(live ? [live] : [])].flatMap((t, i) =>
        conversationView([], t, null).map((v) => ({ ...v, key: `tmp${i}` })),
      ),
    [turns, live],
  );
  return {
    turns: view,
    busy,
    ask,
    /** A temporary answer stops when its request goes away. */
    stop: async () => aborter.current?.abort(),
    clear: () => setTurns([]),
  };
}
