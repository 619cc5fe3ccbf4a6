import type { Message } from '../api/chat-contract';

/** What grouping reads of a message: its id, its question and the links its context holds. */
export type TurnMessage = Pick<Message, 'id' | 'userText' | 'context'>;

/** A question and its answers: one, or siblings (regenerated, or several models side by side). */
export interface Turn<M extends TurnMessage = Message> {
  /** The first answer's id: the turn's stable key. */
  id: number;
  question: string;
  answers: M[];
}

const regeneratedFrom = (m: TurnMessage) => m.context.regenerate?.fromMessageId;
const multiIndex = (m: TurnMessage) => m.context.multi?.index;

/**
 * Groups a chat's messages (in id order) into turns: a regenerated answer joins the turn of the answer
 * it regenerated; the second and later answers of a several-model question join the first one's.
 * The panel shows its turns this way, and the server sends the model its earlier turns this way.
 */
export function groupTurns<M extends TurnMessage>(messages: M[]): Turn<M>[] {
  const turns: Turn<M>[] = [];
  const turnOf = new Map<number, Turn<M>>();
  for (const message of messages) {
    const from = regeneratedFrom(message);
    const previous = turns.at(-1);
    const joined =
      (from !== undefined ? turnOf.get(from) : undefined) ?? ((multiIndex(message) ?? 0) > 0 ? previous : undefined);
    const turn = joined ?? { id: message.id, question: message.userText, answers: [] };
    if (!joined) turns.push(turn);
    turn.answers.push(message);
    turnOf.set(message.id, turn);
  }
  return turns;
}

/** The turns of `messages`, each with only the answers `keep` accepts; a turn left with none is dropped. */
export function turnsKeeping<M extends TurnMessage>(messages: M[], keep: (message: M) => boolean): Turn<M>[] {
  return groupTurns(messages)
    .map((turn) => ({ ...turn, answers: turn.answers.filter(keep) }))
    .filter((turn) => turn.answers.length > 0);
}

/** Who answered, in a transcript; with several answers to one question, which one this is. */
export const answerLabel = (m: { displayName: string }, index: number, count: number) =>
  count > 1 ? `${m.displayName} (answer ${index + 1} of ${count})` : m.displayName;
