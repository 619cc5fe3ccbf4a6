import type { TurnOutcome } from './answer-stream';

/**
 * A prompt queue on screen: the parts of a prompt
 * split on lines of three dashes, sent one after another, each when the previous answer is done.
 */
export type QueueItemStatus = 'pending' | 'loading' | 'done' | 'failed';
export interface QueueItem {
  /** The part's text, or "Part 2 of 3" for a hidden prompt (its text never reaches the panel). */
  label: string;
  status: QueueItemStatus;
}
/** Why the queue ended: every part answered, the user stopped it, or an answer failed. */
export type QueueEnd = 'finished' | 'stopped' | 'failed';
export interface PromptQueueState {
  title: string;
  hidden: boolean;
  items: QueueItem[];
  end: QueueEnd | null;
}
export type QueueAction =
  | { type: 'send'; index: number }
  | { type: 'settle'; index: number; outcome: TurnOutcome }
  | { type: 'stop' };

/** A queue with every part pending; `parts` are the texts, or for a hidden prompt how many there are. */
export function newQueue(title: string, parts: string[] | number): PromptQueueState {
  const hidden = typeof parts === 'number';
  const labels = hidden ? Array.from({ length: parts }, (_, i) => `Part ${i + 1} of ${parts}`) : parts;
  return { title, hidden, items: labels.map((label) => ({ label, status: 'pending' })), end: null };
}

const withStatus = (state: PromptQueueState, index: number, status: QueueItemStatus) =>
  state.items.map((item, i) => (i === index ? { ...item, status } : item));

export function queueReducer(state: PromptQueueState, action: QueueAction): PromptQueueState {
  switch (action.type) {
    case 'send':
      if (state.end || state.items[action.index]?.status !== 'pending') return state;
      return { ...state, items: withStatus(state, action.index, 'loading') };
    case 'settle': {
      if (state.items[action.index]?.status !== 'loading') return state;
      const items = withStatus(state, action.index, action.outcome === 'done' ? 'done' : 'failed');
      const last = action.index === state.items.length - 1;
      const end =
        state.end ??
        (action.outcome === 'stopped' ? 'stopped' : action.outcome === 'failed' ? 'failed' : last ? 'finished' : null);
      return { ...state, items, end };
    }
    case 'stop':
      return state.end ? state : { ...state, end: 'stopped' };
  }
}

/** The part to send next, or null when the queue has ended or a part is still being answered. */
export function nextPart(state: PromptQueueState): number | null {
  if (state.end || state.items.some((item) => item.status === 'loading')) return null;
  const index = state.items.findIndex((item) => item.status === 'pending');
  return index === -1 ? null : index;
}

/** Still sending or waiting on an answer (Stop is offered); otherwise it can be dismissed. */
export const queueActive = (state: PromptQueueState) =>
  !state.end || state.items.some((item) => item.status === 'loading');
