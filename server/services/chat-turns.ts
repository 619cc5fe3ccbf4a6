import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Turn } from '../ai/answer-prompt';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { messages } from '../db/schema';

const earlierTurnsQuery = preparedFor((db) =>
  db
    .select({ question: messages.userText, answer: messages.answerText })
    .from(messages)
    .where(
      and(
        eq(messages.chatGemId, sql.placeholder('chatId')),
        inArray(messages.status, ['done', 'stopped']),
        lt(messages.id, sql.placeholder('beforeId')),
      ),
    )
    .orderBy(asc(messages.id))
    .prepare('earlier_turns'),
);

/** The chat's answered turns (done or stopped), oldest first; only those before `beforeId` when given. */
export async function storedTurns(db: Db, chatId: number, beforeId = 2 ** 31 - 1): Promise<Turn[]> {
  return earlierTurnsQuery(db).execute({ chatId, beforeId });
}
