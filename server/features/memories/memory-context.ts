/**
 * The memories a question is asked with (Enable Memory): the user's memories ranked against the
 * question by PostgreSQL full-text ranking (`ts_rank` of the memory's `to_tsvector('english', …)`
 * against the question's words joined by OR through `websearch_to_tsquery`, which never refuses its
 * input), the same SQL on PGlite and PostgreSQL. Only memories that match go in; when none does, the
 * most recent ones. They join the context as items of kind 'memory' ahead of the rest (they are short),
 * so fitContext keeps them within the budget and the manifest lists them.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gems } from '../../db/schema';
import type { ContextItem } from '../answers/context';
import { memoryText } from './memories';

/** At most this many memories go into one question's context. */
export const MAX_MEMORIES_IN_CONTEXT = 5;
/** The question's first words that are searched for. */
const MAX_QUERY_WORDS = 64;

/** The question as a websearch query matching any of its words ('' when it has none). */
export function anyWordQuery(question: string): string {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  // 'or' is websearch's operator: a word 'or' is not searched for anyway (a stop word)
  return words
    .filter((word) => word.toLowerCase() !== 'or')
    .slice(0, MAX_QUERY_WORDS)
    .join(' or ');
}

/** The user's memories most relevant to `question`, best first (or the most recent when none matches). */
export async function relevantMemories(db: Db, userId: number, question: string): Promise<ContextItem[]> {
  const query = sql`websearch_to_tsquery('english', ${anyWordQuery(question)})`;
  const rank = sql<number>`ts_rank(to_tsvector('english', ${memoryText}), ${query})`;
  const rows = await db
    .select({ id: gems.id, memory: memoryText, rank })
    .from(gems)
    .where(and(eq(gems.ownerId, userId), eq(gems.mediaType, 'Memory')))
    .orderBy(desc(rank), desc(gems.updatedAt), desc(gems.id))
    .limit(MAX_MEMORIES_IN_CONTEXT);
  const matching = rows.filter((row) => row.rank > 0);
  return (matching.length ? matching : rows).map((row) => ({
    kind: 'memory',
    id: row.id,
    title: 'Memory',
    text: row.memory,
  }));
}
