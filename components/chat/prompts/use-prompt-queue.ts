import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { TurnOutcome } from '@/lib/chat/answer-stream';
import {
  newQueue,
  nextPart,
  type PromptQueueState,
  type QueueAction,
  queueActive,
  queueReducer,
} from '@/lib/chat/prompt-queue';
import { useToast } from '../../ui/Toast';
import { chatIdAtom, chatModeAtom } from '../atoms';
import type { PromptChoice } from '../use-send-question';

/** The prompt queue's first part becomes loading (and is sent) this long after the queue opens. */
export const QUEUE_START_DELAY_MS = 10;
export const WRITER_QUEUE_ERROR =
  'A prompt queue (a prompt split by lines of three dashes) cannot run in Write mode. Switch to Chat to run it.';

/** What a queue sends: a visible prompt's parts as questions, or a hidden prompt's parts by id and number. */
export type QueuePlan =
  | { title: string; parts: string[] }
  | { title: string; promptId: number; variables: Record<string, string>; count: number; text?: string };

type Send = (text: string, extra?: PromptChoice) => Promise<TurnOutcome>;
type Action = QueueAction | { type: 'open'; state: PromptQueueState } | { type: 'dismiss' };

function reducer(state: PromptQueueState | null, action: Action): PromptQueueState | null {
  if (action.type === 'open') return action.state;
  if (action.type === 'dismiss') return null;
  return state ? queueReducer(state, action) : state;
}

/** One part's question: the visible text, or for a hidden prompt the user's text (or a title line) with its id. */
function sendPart(send: Send, plan: QueuePlan, index: number) {
  if ('parts' in plan) return send(plan.parts[index] ?? '');
  const question = plan.text?.trim() || `${plan.title}: part ${index + 1} of ${plan.count}`;
  return send(question, { promptId: plan.promptId, promptVariables: plan.variables, promptPart: index });
}

/**
 * Runs a prompt queue: each part is sent when the previous answer is done; a stopped or failed answer
 * ends it. `send` and `stopAnswer` are read at the moment they are needed, so a part goes to the chat the
 * previous part created.
 */
export function usePromptQueue({
  send,
  stopAnswer,
  busy,
}: {
  send: Send;
  stopAnswer: () => Promise<void>;
  busy: boolean;
}) {
  const toast = useToast();
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  const [state, dispatch] = useReducer(reducer, null);
  const plan = useRef<QueuePlan | null>(null);
  const latest = useRef({ send, stopAnswer });
  latest.current = { send, stopAnswer };
  const active = state !== null && queueActive(state);

  // Another chat opened (history, New chat) mid-queue: the rest of the queue is not sent there. The first
  // part creating the chat (none → its id) is the queue's own doing.
  const chatId = useAtomValue(chatIdAtom);
  const queueChat = useRef(chatId);
  useEffect(() => {
    if (active && queueChat.current !== null && chatId !== queueChat.current) dispatch({ type: 'stop' });
    queueChat.current = chatId;
  }, [active, chatId]);

  useEffect(() => {
    const current = plan.current;
    const index = state ? nextPart(state) : null;
    if (index === null || !current) return;
    const timer = setTimeout(
      () => {
        dispatch({ type: 'send', index });
        void sendPart(latest.current.send, current, index).then((outcome) => {
          // A queue dismissed or replaced meanwhile is not this one.
          if (plan.current === current) dispatch({ type: 'settle', index, outcome });
        });
      },
      index === 0 ? QUEUE_START_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [state]);

  /** Opens the queue panel and starts sending; false (with a toast saying why) when it cannot run now. */
  const start = useCallback(
    (next: QueuePlan): boolean => {
      const refusal = writer
        ? WRITER_QUEUE_ERROR
        : active
          ? 'A prompt queue is already running. Stop it before starting another.'
          : busy
            ? 'Wait for the answer to finish (or stop it) before starting a prompt queue.'
            : null;
      if (refusal) {
        toast('error', refusal);
        return false;
      }
      plan.current = next;
      dispatch({ type: 'open', state: newQueue(next.title, 'parts' in next ? next.parts : next.count) });
      return true;
    },
    [writer, active, busy, toast],
  );

  const stop = useCallback(() => {
    dispatch({ type: 'stop' });
    void latest.current.stopAnswer();
  }, []);

  const dismiss = useCallback(() => {
    plan.current = null;
    dispatch({ type: 'dismiss' });
  }, []);

  return { state, active, start, stop, dismiss };
}

export type PromptQueue = ReturnType<typeof usePromptQueue>;
