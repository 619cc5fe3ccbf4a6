import type { Message } from '../api/chat-contract';

/** A question and its answers: one, or siblings (regenerated, or several models side by side). */
export interface Turn {
  /** The first answer's id: the turn's stable key. */
  id: number;
  question: string;
  answers: Message[];
}

const regeneratedFrom = (m: Message) => (m.context.regenerate as { fromMessageId?: number } | undefined)?.fromMessageId;
const multiIndex = (m: Message) => (m.context.multi as { index?: number } | undefined)?.index;

/**
 * Groups a chat's messages (in id order) into turns: a regenerated answer joins the turn of the answer
 * it regenerated; the second and later answers of a several-model question join the first one's.
 */
export function groupTurns(messages: Message[]): Turn[] {
  const turns: Turn[] = [];
  const turnOf = new Map<number, Turn>();
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
