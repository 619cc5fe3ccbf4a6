import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Citation } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { messages, UNFINISHED } from '../../db/schema';
import { patchContext } from '../chats/message-context';
import type { Generation, GenerationEnd } from './generations';
import type { LeaseSettings } from './leases';

/** The writes to an answer's message row: its text as it streams, its end, its follow-up questions. */

export interface Persist {
  db: Db;
  messageId: number;
  /** This copy's lease on the row (taken when it was inserted). */
  lease: LeaseSettings;
}

/** Writes the answer so far to its unfinished row; false when the row is finished already (stopped elsewhere). */
export async function checkpointAnswer({ db, messageId }: Persist, text: string): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({ answerText: text, status: 'streaming', updatedAt: sql`now()` })
    .where(and(eq(messages.id, messageId), inArray(messages.status, [...UNFINISHED])))
    .returning({ id: messages.id });
  return updated.length > 0;
}

/** What the answer's row gets at its end, beside what its generation holds (text, reasoning, web results). */
export interface AnswerEnd {
  end: GenerationEnd;
  citations: Citation[] | null;
  memoryProposal: string | null;
  /** A web-search answer is search-style even when it found nothing. */
  webSearch: boolean;
}

/**
 * Writes the answer's end to its row while this copy holds its lease, and `settle` (its credits) in the same
 * transaction. False when the row is no longer this copy's (recovery took it, thinking this copy gone) or is deleted.
 */
export async function storeAnswer(
  { db, messageId, lease }: Persist,
  generation: Generation,
  { end, citations, memoryProposal, webSearch }: AnswerEnd,
  settle: (db: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({
        answerText: generation.text,
        status: end.type === 'error' ? 'error' : end.status,
        error: end.type === 'error' ? end.message : null,
        usage: end.type === 'done' ? end.usage : null,
        cost: end.type === 'done' ? end.cost : null,
        ...(citations ? { citations } : {}),
        ...(generation.reasoning ? { reasoning: generation.reasoning } : {}),
        ...(webSearch || generation.results ? { results: generation.results ?? [] } : {}),
        ...(memoryProposal ? { context: patchContext({ memoryProposal }) } : {}),
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(messages.id, messageId), eq(messages.leaseOwner, lease.owner)))
      .returning({ id: messages.id });
    if (rows.length) await settle(tx);
    return rows.length > 0;
  });
}

/** Writes the answer's follow-up questions (a failure is logged: the answer stands without them). */
export async function storeFollowUps({ db, messageId }: Persist, questions: string[]) {
  try {
    await db.update(messages).set({ followUps: questions }).where(eq(messages.id, messageId));
  } catch (error) {
    console.error(`[trove] storing the follow-ups of message ${messageId} failed:`, error);
  }
}
