import { asc, eq, sql } from 'drizzle-orm';
import { type Turn as ChatTurn, groupTurns, type TurnMessage } from '../../../lib/chat/turns';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { messages } from '../../db/schema';
import type { Turn } from '../answers/answer-prompt';

/**
 * Of a message's context, only what grouping into turns reads (`regenerate`, `multi`, each when present): not the page
 * extract and manifest it may also hold.
 */
export const turnLinks =
  sql`jsonb_strip_nulls(jsonb_build_object('regenerate', ${messages.context}->'regenerate', 'multi', ${messages.context}->'multi'))`.mapWith(
    messages.context,
  );

/** A chat's messages, oldest first, with what grouping them into turns reads. */
const turnMessagesQuery = preparedFor((db) =>
  db
    .select({
      id: messages.id,
      userText: messages.userText,
      answerText: messages.answerText,
      status: messages.status,
      context: turnLinks,
    })
    .from(messages)
    .where(eq(messages.chatGemId, sql.placeholder('chatId')))
    .orderBy(asc(messages.id))
    .prepare('turn_messages'),
);

type TurnRow = TurnMessage & { answerText: string; status: string };

/** Answers the model may be sent as a turn's answer: finished with text (an error is not an answer). */
const SENDABLE = new Set(['done', 'stopped']);

/** A turn as the model is sent it: its question and its latest finished answer; undefined when none is. */
function askedTurn(turn: ChatTurn<TurnRow>): Turn | undefined {
  const answer = turn.answers.findLast((m) => SENDABLE.has(m.status));
  return answer ? { question: turn.question, answer: answer.answerText } : undefined;
}

/**
 * The chat's answered turns in the order they were asked, one answer each (the latest finished of its
 * regenerated or several-model siblings); only the turns before the one holding `beforeMessageId` when given.
 */
export async function storedTurns(db: Db, chatId: number, beforeMessageId?: number): Promise<Turn[]> {
  const turns = groupTurns<TurnRow>(await turnMessagesQuery(db).execute({ chatId }));
  const end = turns.findIndex((turn) => turn.answers.some((m) => m.id === beforeMessageId));
  return (end === -1 ? turns : turns.slice(0, end)).flatMap((turn) => askedTurn(turn) ?? []);
}
