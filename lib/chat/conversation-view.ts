import {
  answerOf,
  type Citation,
  type GeneratedImage,
  type Message,
  type MessageContext,
  type MessageStatus,
  resultsOf,
  type SearchResult,
} from '../api/chat-contract';
import type { LiveAnswer, LiveTurn } from './answer-stream';
import { groupTurns } from './turns';

/** One answer as the panel shows it: stored, or streaming (then `live`). */
export interface AnswerView {
  key: string;
  messageId: number | null;
  modelId: number | null;
  displayName: string;
  text: string;
  status: MessageStatus;
  error: string | null;
  followUps: string[] | null;
  citations: Citation[] | null;
  cost: number | null;
  createdAt: string | null;
  context: MessageContext;
  /** A fact the model proposed to remember (memory on), for the user to save or dismiss; null once answered. */
  memoryProposal: string | null;
  /** Research: the model's reasoning summary. */
  reasoning: string | null;
  /** Web search: the pages the answer drew on (a search-style answer); null for any other. */
  results: SearchResult[] | null;
  /** Picture: the images made. */
  images: GeneratedImage[] | null;
  /** The stored message, when there is one (its options, its question). */
  stored: Message | null;
  live: boolean;
}

export interface TurnView {
  key: string;
  question: string;
  answers: AnswerView[];
}

const fromStored = (m: Message): AnswerView => ({
  key: `m${m.id}`,
  messageId: m.id,
  modelId: m.modelId,
  displayName: m.displayName,
  text: answerOf(m),
  status: m.status,
  error: m.error,
  followUps: m.followUps,
  citations: m.citations,
  cost: m.cost,
  createdAt: m.createdAt,
  context: m.context,
  memoryProposal: m.memoryProposalAnswer ? null : (m.memoryProposal ?? null),
  reasoning: m.reasoning ?? null,
  results: resultsOf(m),
  images: m.images ?? null,
  stored: m,
  live: false,
});

const fromLive = (a: LiveAnswer, index: number, stored: Message | null): AnswerView => ({
  key: a.messageId !== null ? `m${a.messageId}` : `live${index}`,
  messageId: a.messageId,
  modelId: a.modelId,
  displayName: a.displayName,
  text: a.text,
  status: a.status,
  error: a.error,
  followUps: a.followUps,
  citations: a.citations,
  cost: a.cost,
  createdAt: stored?.createdAt ?? a.createdAt,
  context: stored?.context ?? {},
  memoryProposal: stored?.memoryProposalAnswer ? null : (a.memoryProposal ?? stored?.memoryProposal ?? null),
  reasoning: a.reasoning ?? null,
  results: a.results ?? null,
  images: stored?.images ?? null,
  stored,
  live: true,
});

/**
 * A new question's turn, keyed as it will be once stored (by its first answer's id, see groupTurns): when
 * the stored answer takes the live one's place, the turn is not mounted anew, so what the user is doing in
 * it (answering its memory proposal) carries on. 'live' until the first answer has an id.
 */
const newTurnKey = (answers: AnswerView[]) => {
  const first = answers[0]?.messageId;
  return first === null || first === undefined ? 'live' : `t${first}`;
};

/**
 * The conversation on screen: the stored turns, with the answer in flight laid over them. A live
 * answer already stored (re-attached) replaces its stored self in place; a regenerated one joins the
 * turn `liveTurnKey` names; a new question's answers make a turn at the end.
 */
export function conversationView(messages: Message[], live: LiveTurn | null, liveTurnKey: string | null): TurnView[] {
  const storedById = new Map(messages.map((m) => [m.id, m]));
  const liveById = new Map<number, AnswerView>();
  const unplaced: AnswerView[] = [];
  live?.answers.forEach((answer, index) => {
    const stored = answer.messageId !== null ? (storedById.get(answer.messageId) ?? null) : null;
    const view = fromLive(answer, index, stored);
    if (stored) liveById.set(stored.id, view);
    else unplaced.push(view);
  });
  const turns: TurnView[] = groupTurns(messages).map((turn) => ({
    key: `t${turn.id}`,
    question: turn.question,
    answers: turn.answers.map((m) => liveById.get(m.id) ?? fromStored(m)),
  }));
  if (!live || !unplaced.length) return turns;
  const joined = liveTurnKey ? turns.find((t) => t.key === liveTurnKey) : undefined;
  if (joined) joined.answers.push(...unplaced);
  else turns.push({ key: newTurnKey(unplaced), question: live.question, answers: unplaced });
  return turns;
}
