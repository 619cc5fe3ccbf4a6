import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatType, chatHistoryQuery } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { collections, gems, messages } from '../../db/schema';
import { DEFAULT_COLLECTIONS } from '../users/users';

export interface ChatHistoryItem {
  id: number;
  title: string;
  /** The chat's latest activity: its newest message's update or the chat's own, whichever is later. */
  updatedAt: string;
  createdAt: string;
  /** The start of the latest message's answer (or its question when there is no answer yet). */
  lastMessage: string | null;
  messageCount: number;
}

const EXCERPT_CHARS = 160;

export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search condition: full-text ('simple' configuration, websearch syntax) over the title and
 * every message's question and answer, plus a case-insensitive substring match on the title so that
 * short or partial words still find a chat. The tsvector expressions are those of migration 0006's indexes.
 */
function searchCondition(search: string): SQL {
  const query = sql`websearch_to_tsquery('simple', ${search})`;
  return sql`(
    ${gems.title} ILIKE ${containsPattern(search)}
    OR to_tsvector('simple', ${gems.title}) @@ ${query}
    OR EXISTS (
      SELECT 1 FROM ${messages}
      WHERE ${messages.chatGemId} = ${gems.id}
        AND to_tsvector('simple', ${messages.userText} || ' ' || ${messages.answerText}) @@ ${query}
    )
  )`;
}

/** Chats of `type`: a Write-mode chat has `media.chatType` 'ai-writer', any other is a plain chat. */
function chatTypeCondition(type: ChatType): SQL {
  const chatType = sql`${gems.media}->>'chatType'`;
  return type === 'ai-writer' ? sql`${chatType} = 'ai-writer'` : sql`${chatType} IS DISTINCT FROM 'ai-writer'`;
}

/**
 * The user's AI chats, latest activity first, optionally of one type and searched: `{data, totalCount}`
 * (`chatHistoryResponse` in lib/api/chat-history-contract.ts).
 */
export async function chatHistory(db: Db, userId: number, input: z.output<typeof chatHistoryQuery>) {
  const where = and(
    eq(gems.ownerId, userId),
    eq(gems.mediaType, 'AIChat'),
    input.type ? chatTypeCondition(input.type) : undefined,
    input.search ? searchCondition(input.search) : undefined,
  );

  const stats = db
    .select({
      chatId: messages.chatGemId,
      count: sql<number>`count(*)::int`.as('message_count'),
      lastAt: sql<Date>`max(${messages.updatedAt})`.as('last_at'),
    })
    .from(messages)
    .where(eq(messages.ownerId, userId))
    .groupBy(messages.chatGemId)
    .as('stats');
  const activity = sql<Date>`greatest(${gems.updatedAt}, ${stats.lastAt})`;

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: gems.id,
        title: gems.title,
        createdAt: gems.createdAt,
        activity: sql<string>`to_json(${activity})#>>'{}'`,
        messageCount: sql<number>`coalesce(${stats.count}, 0)`,
      })
      .from(gems)
      .leftJoin(stats, eq(stats.chatId, gems.id))
      .where(where)
      .orderBy(desc(activity), desc(gems.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(gems).where(where),
  ]);

  const latest = rows.length
    ? await db
        .selectDistinctOn([messages.chatGemId], {
          chatId: messages.chatGemId,
          userText: messages.userText,
          answerText: messages.answerText,
        })
        .from(messages)
        .where(
          inArray(
            messages.chatGemId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(messages.chatGemId, desc(messages.id))
    : [];
  const lastByChat = new Map(latest.map((m) => [m.chatId, excerpt(m.answerText.trim() ? m.answerText : m.userText)]));

  const data: ChatHistoryItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    updatedAt: new Date(r.activity).toISOString(),
    createdAt: r.createdAt.toISOString(),
    lastMessage: lastByChat.get(r.id) ?? null,
    messageCount: Number(r.messageCount),
  }));
  return { data, totalCount: counted?.n ?? 0 };
}

/**
 * The history panel's Collections tab: the user's collections named 'AI Chats' or
 * 'Unfiltered', each with its chat gems (only those of `type` when given), newest first.
 */
export async function chatCollections(db: Db, userId: number, type?: ChatType) {
  const names = [DEFAULT_COLLECTIONS.aiChats, DEFAULT_COLLECTIONS.unfiltered];
  const found = await db
    .select({ id: collections.id, name: collections.name, parentId: collections.parentId })
    .from(collections)
    .where(and(eq(collections.ownerId, userId), inArray(collections.name, names)))
    .orderBy(asc(collections.id));
  const chats = found.length
    ? await db
        .select({ id: gems.id, title: gems.title, collectionId: gems.collectionId, updatedAt: gems.updatedAt })
        .from(gems)
        .where(
          and(
            eq(gems.ownerId, userId),
            eq(gems.mediaType, 'AIChat'),
            type ? chatTypeCondition(type) : undefined,
            inArray(
              gems.collectionId,
              found.map((c) => c.id),
            ),
          ),
        )
        .orderBy(desc(gems.updatedAt), desc(gems.id))
    : [];
  // 'AI Chats' first, then 'Unfiltered'; same-named collections in creation order.
  const ordered = [...found].sort(
    (a, b) => names.indexOf(a.name as (typeof names)[number]) - names.indexOf(b.name as (typeof names)[number]),
  );
  return ordered.map((c) => {
    const own = chats.filter((g) => g.collectionId === c.id);
    return {
      id: c.id,
      name: c.name,
      parentId: c.parentId,
      chatCount: own.length,
      chats: own.map((g) => ({ id: g.id, title: g.title, updatedAt: g.updatedAt.toISOString() })),
    };
  });
}
