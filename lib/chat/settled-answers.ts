import type { Message, MessageContext } from '../api/chat-contract';
import { isFinished, type LiveAnswer, type LiveTurn } from './answer-stream';

/** Where a turn's answers belong: their chat, and (regenerating) the stored answer whose turn they join. */
export interface AnswerPlace {
  chatId: number;
  regeneratedFrom?: number;
}

/** What an answer's stream says of it, laid over `prior` (its stored copy, if the panel has one). */
function streamed(answer: LiveAnswer, prior: Message | undefined) {
  const priorResults = prior && typeof prior.text !== 'string' ? prior.text.results : undefined;
  const results = answer.results ?? priorResults;
  return {
    text: results ? { answer: answer.text, results } : answer.text,
    status: answer.status,
    error: answer.error,
    usage: answer.usage,
    cost: answer.cost,
    followUps: answer.followUps ?? prior?.followUps ?? null,
    citations: answer.citations ?? prior?.citations ?? null,
    memoryProposal: answer.memoryProposal ?? prior?.memoryProposal ?? null,
    reasoning: answer.reasoning ?? prior?.reasoning ?? null,
  };
}

/**
 * A new answer as the server stores it, from its stream alone: what the stream does not carry is left empty
 * until the stored copy is read (no context manifest, no model name), except what places it in its turn
 * (the answer it regenerates; its place among several models' answers), so it shows where the stored one will.
 */
function fromStream(answer: LiveAnswer & { messageId: number }, index: number, turn: LiveTurn, place: AnswerPlace) {
  const context: MessageContext = {
    ...(place.regeneratedFrom !== undefined ? { regenerate: { fromMessageId: place.regeneratedFrom } } : {}),
    ...(turn.answers.length > 1 ? { multi: { index, count: turn.answers.length } } : {}),
  };
  return {
    id: answer.messageId,
    chatId: place.chatId,
    // The server stores the question trimmed.
    userText: turn.question.trim(),
    ...streamed(answer, undefined),
    images: null,
    modelId: answer.modelId,
    model: '',
    displayName: answer.displayName,
    provider: '',
    language: null,
    context,
    memoryProposalAnswer: null,
    createdAt: answer.createdAt ?? '',
    updatedAt: '',
  } satisfies Message;
}

const named = (answer: LiveAnswer): answer is LiveAnswer & { messageId: number } => answer.messageId !== null;

/**
 * The chat's messages once `turn` has ended, from what its streams gave: each answer laid over its stored copy
 * (re-attached), or added whole (a new question's, not read from the server yet), in id order as the server lists
 * them. Null when they cannot be told so: the chat's messages were never read (`stored` undefined: the earlier
 * turns are unknown), or an answer has no id (nothing stores it) or has not ended.
 */
export function settledMessages(
  stored: Message[] | undefined,
  turn: LiveTurn | null,
  place: AnswerPlace,
): Message[] | null {
  if (!stored || !turn?.answers.length) return null;
  const answers = turn.answers.filter(named);
  if (answers.length !== turn.answers.length || !answers.every(isFinished)) return null;
  const byId = new Map(answers.map((answer) => [answer.messageId, answer]));
  const patched = stored.map((message) => {
    const answer = byId.get(message.id);
    return answer ? { ...message, ...streamed(answer, message) } : message;
  });
  const known = new Set(stored.map((message) => message.id));
  const added = answers.flatMap((answer, index) =>
    known.has(answer.messageId) ? [] : [fromStream(answer, index, turn, place)],
  );
  return added.length ? [...patched, ...added].sort((a, b) => a.id - b.id) : patched;
}
