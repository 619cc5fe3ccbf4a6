import type { z } from 'zod';
import {
  type Citation,
  chatStreamEvents,
  type MessageStatus,
  type messageUsageSchema,
  type SearchResult,
} from '../api/chat-contract';
import type { SseEvent } from './sse';

type Events = typeof chatStreamEvents;
/** One event of an answer's stream, its data checked against the contract. */
export type ChatStreamEvent = { [K in keyof Events]: { name: K; data: z.output<Events[K]> } }[keyof Events];

/** The contract's event for an SSE event, or null for a name it does not know or data it cannot read. */
export function parseChatEvent({ event, data }: SseEvent): ChatStreamEvent | null {
  if (!(event in chatStreamEvents)) return null;
  const name = event as keyof Events;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = chatStreamEvents[name].safeParse(json);
  return parsed.success ? ({ name, data: parsed.data } as ChatStreamEvent) : null;
}

/** One answer as it streams: one per model when several answer the same question. */
export interface LiveAnswer {
  messageId: number | null;
  /** When its question was stored (from the `message` event); null until then, or when nothing stores it. */
  createdAt: string | null;
  modelId: number | null;
  displayName: string;
  text: string;
  status: MessageStatus;
  error: string | null;
  usage: z.output<typeof messageUsageSchema> | null;
  cost: number | null;
  followUps: string[] | null;
  citations: Citation[] | null;
  /** A fact the assistant proposes to remember (memory on), to confirm or dismiss. */
  memoryProposal?: string;
  /** Research: the model's reasoning summary so far. */
  reasoning?: string;
  /** Web search: the pages the answer draws on. */
  results?: SearchResult[];
}

/** The question being answered and its answers, in the order of the models asked. */
export interface LiveTurn {
  question: string;
  answers: LiveAnswer[];
}

export type LiveAction =
  /** A question sent to these models (one answer each). */
  | { type: 'ask'; question: string; models: { modelId: number | null; displayName: string }[] }
  /**
   * Re-attaching to stored answers (one event stream each, see mergeAnswerStreams): replayed from their start, so the
   * text starts empty.
   */
  | {
      type: 'reattach';
      question: string;
      answers: { messageId: number; modelId: number | null; displayName: string }[];
    }
  | { type: 'event'; event: ChatStreamEvent }
  /** The connection ended before an answer's end event: those answers are marked so (they can be re-attached). */
  | { type: 'cut'; message: string }
  /** Stop pressed on an answer nothing stores (Temporary Chat): the unfinished answers end stopped, text kept. */
  | { type: 'stopped' }
  /** The answers are in the stored messages now (or the panel starts over). */
  | { type: 'clear' };

const FINISHED: MessageStatus[] = ['done', 'stopped', 'error'];
export const isFinished = (answer: LiveAnswer) => FINISHED.includes(answer.status);
export const turnFinished = (turn: LiveTurn) => turn.answers.every(isFinished);

const blank = (modelId: number | null, displayName: string, messageId: number | null = null): LiveAnswer => ({
  messageId,
  createdAt: null,
  modelId,
  displayName,
  text: '',
  status: 'pending',
  error: null,
  usage: null,
  cost: null,
  followUps: null,
  citations: null,
});

/**
 * Applies `change` to the answer an event is about: its `index`, or the only answer. A finished answer takes only its
 * follow-up questions (`late`), which come after its end.
 */
function updateAnswer(
  turn: LiveTurn,
  index: number | undefined,
  change: (answer: LiveAnswer) => LiveAnswer,
  late = false,
): LiveTurn {
  const at = index ?? 0;
  const answer = turn.answers[at];
  if (!answer || (isFinished(answer) && !late)) return turn;
  const answers = turn.answers.slice();
  answers[at] = change(answer);
  return { ...turn, answers };
}

/** The answer in flight as a pure function of the stream: the side panel's reducer, tested alone. */
export function liveTurnReducer(turn: LiveTurn | null, action: LiveAction): LiveTurn | null {
  switch (action.type) {
    case 'ask':
      return { question: action.question, answers: action.models.map((m) => blank(m.modelId, m.displayName)) };
    case 'reattach':
      return {
        question: action.question,
        answers: action.answers.map((a) => blank(a.modelId, a.displayName, a.messageId)),
      };
    case 'cut':
      if (!turn) return turn;
      return {
        ...turn,
        answers: turn.answers.map((a) => (isFinished(a) ? a : { ...a, status: 'error', error: action.message })),
      };
    case 'stopped':
      if (!turn) return turn;
      return { ...turn, answers: turn.answers.map((a) => (isFinished(a) ? a : { ...a, status: 'stopped' })) };
    case 'event':
      return turn ? applyEvent(turn, action.event) : turn;
    case 'clear':
      return null;
  }
}

function applyEvent(turn: LiveTurn, event: ChatStreamEvent): LiveTurn {
  switch (event.name) {
    case 'message':
      return updateAnswer(turn, event.data.index, (a) => ({
        ...a,
        messageId: event.data.id,
        createdAt: event.data.createdAt,
        modelId: event.data.modelId ?? a.modelId,
        displayName: event.data.displayName ?? a.displayName,
        status: 'streaming',
      }));
    case 'delta':
      return updateAnswer(turn, event.data.index, (a) => ({
        ...a,
        status: 'streaming',
        text: a.text + event.data.text,
      }));
    case 'reasoning':
      return updateAnswer(turn, event.data.index, (a) => ({
        ...a,
        status: 'streaming',
        reasoning: (a.reasoning ?? '') + event.data.text,
      }));
    case 'sources':
      return updateAnswer(turn, event.data.index, (a) => ({ ...a, results: event.data.results }));
    case 'followups':
      return updateAnswer(turn, event.data.index, (a) => ({ ...a, followUps: event.data.questions }), true);
    case 'memory':
      return updateAnswer(turn, event.data.index, (a) => ({ ...a, memoryProposal: event.data.proposal }));
    case 'done':
      return updateAnswer(turn, event.data.index, (a) => ({
        ...a,
        status: event.data.status,
        usage: event.data.usage,
        cost: event.data.cost,
        citations: event.data.citations ?? a.citations,
      }));
    case 'error':
      return updateAnswer(turn, event.data.index, (a) => ({ ...a, status: 'error', error: event.data.message }));
  }
}

/**
 * Several answers' streams as one, each event's `index` its stream's place: re-attaching to the answers of
 * several models at once. The first stream that fails fails the whole (the others are closed).
 */
export async function* mergeAnswerStreams(streams: AsyncGenerator<ChatStreamEvent>[]): AsyncGenerator<ChatStreamEvent> {
  const next = (stream: AsyncGenerator<ChatStreamEvent>, index: number) =>
    stream.next().then((result) => ({ stream, index, result }));
  const waiting = new Map(streams.map((stream, index) => [index, next(stream, index)]));
  try {
    while (waiting.size) {
      const { stream, index, result } = await Promise.race(waiting.values());
      if (result.done) {
        waiting.delete(index);
        continue;
      }
      waiting.set(index, next(stream, index));
      yield { ...result.value, data: { ...result.value.data, index } } as ChatStreamEvent;
    }
  } finally {
    for (const index of waiting.keys()) void streams[index]?.return(undefined);
  }
}

/** How a question ended, for whoever waits on it (the prompt queue sends its next part only after 'done'). */
export type TurnOutcome = 'done' | 'stopped' | 'failed';

/** 'done' when every answer is done; 'stopped' when one was stopped; 'failed' on an error, a cut or no answer. */
export function turnOutcome(turn: LiveTurn | null): TurnOutcome {
  if (!turn?.answers.length || !turnFinished(turn) || turn.answers.some((a) => a.status === 'error')) return 'failed';
  return turn.answers.some((a) => a.status === 'stopped') ? 'stopped' : 'done';
}
