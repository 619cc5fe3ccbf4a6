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

/** A finished temporary turn and the question as it was sent (Retry sends it again). */
interface TemporaryTurn {
  turn: LiveTurn;
  input: AskInput;
}

const turnKey = (index: number) => `tmp${index}`;

/**
 * Temporary Chat: nothing is stored on the server (no chat, no message) and the turns live only in this
 * panel, gone when it closes. Each question carries the earlier turns as its history.
 */
export function useTemporaryChat() {
  const api = useChatApi();
  const [turns, setTurns] = useState<TemporaryTurn[]>([]);
  const [live, dispatch] = useReducer(liveTurnReducer, null);
  const aborter = useRef<AbortController | null>(null);
  const busy = live !== null && !turnFinished(live);

  /** Asks `input` after the turns `earlier`, which become the conversation. */
  const askAfter = useCallback(
    async (input: AskInput, earlier: TemporaryTurn[]): Promise<TurnOutcome> => {
      const { body, models } = input;
      const history = earlier.map(({ turn: t }) => ({ question: t.question, answer: t.answers[0]?.text ?? '' }));
      // The same actions go to the reducer (for the screen) and to a local copy, kept among the turns once every
      // answer has ended (the next question may be asked then; the follow-ups that come later join the kept turn).
      let turn: LiveTurn | null = null;
      let kept = false;
      const keep = () => {
        const finished = turn;
        const again = kept;
        kept = true;
        if (again) {
          if (finished) setTurns((all) => all.map((t, i) => (i === earlier.length ? { turn: finished, input } : t)));
          return;
        }
        if (finished) setTurns([...earlier, { turn: finished, input }]);
        dispatch({ type: 'clear' });
      };
      const apply = (action: LiveAction) => {
        turn = liveTurnReducer(turn, action);
        if (kept) keep();
        else dispatch(action);
      };
      setTurns(earlier);
      apply({ type: 'ask', question: body.text, models });
      const signal = new AbortController();
      aborter.current = signal;
      let ended: TurnOutcome | null = null;
      try {
        for await (const event of api.askTemporary({ ...body, temporary: true, history }, signal.signal)) {
          apply({ type: 'event', event });
          if (!kept && turn && turnFinished(turn)) {
            keep();
            ended = turnOutcome(turn);
          }
        }
      } catch (error) {
        if (!signal.signal.aborted)
          apply({
            type: 'cut',
            message: error instanceof Error && error.name !== 'TypeError' ? error.message : CUT_MESSAGE,
          });
      }
      if (signal.signal.aborted) apply({ type: 'stopped' });
      if (!kept) keep();
      return ended ?? turnOutcome(turn);
    },
    [api],
  );

  const ask = useCallback((input: AskInput) => askAfter(input, turns), [askAfter, turns]);

  /**
   * Sends a failed turn's question again with the same context: the failed turn gives way to the new one, asked after
   * the others.
   */
  const retry = useCallback(
    (key: string) => {
      const index = turns.findIndex((_, i) => turnKey(i) === key);
      const failed = turns[index];
      if (failed) void askAfter(failed.input, turns.slice(0, index).concat(turns.slice(index + 1)));
    },
    [askAfter, turns],
  );

  const view = useMemo(
    () =>
      [...turns.map((t) => t.turn), ...(live ? [live] : [])].flatMap((t, i) =>
        conversationView([], t, null).map((v) => ({ ...v, key: turnKey(i) })),
      ),
    [turns, live],
  );
  return {
    turns: view,
    busy,
    ask,
    retry,
    /** A temporary answer stops when its request goes away. */
    stop: async () => aborter.current?.abort(),
    clear: () => setTurns([]),
    /** Nothing to load: the turns are this panel's own. */
    loading: false,
    loadError: null,
  };
}
