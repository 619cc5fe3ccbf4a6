import { and, asc, eq, lte } from 'drizzle-orm';
import type { ChatExportFormat, GeneratedImage, SearchResult } from '../../lib/api/chat-contract';
import type { Db } from '../db/client';
import { gems, messages } from '../db/schema';
import { createChat, getOwnedChat, getOwnedMessage, isWriterChat, listMessages, toMessage } from './chats';
import { copyPictures, type Files } from './pictures';

type MessageRow = typeof messages.$inferSelect;

const FINISHED = new Set(['done', 'stopped', 'error']);
const INSERT_CHUNK = 500;

/**
 * A new chat (in the user's AI Chats collection) holding copies of `rows`. Copies keep their text,
 * model, usage, cost, context and times; an answer still streaming is copied as 'stopped' with
 * what it had so far, so no copy waits forever. The new chat is removed again if copying fails.
 */
async function copyChat(
  db: Db,
  files: Files,
  userId: number,
  source: typeof gems.$inferSelect,
  title: string,
  rows: MessageRow[],
) {
  const chat = await createChat(db, userId, {
    title,
    url: /^https?:\/\//i.test(source.url) ? source.url : undefined,
    type: isWriterChat(source) ? 'ai-writer' : 'chat',
  });
  try {
    const pictures = new Map<number, GeneratedImage[]>();
    for (const m of rows)
      if (m.images?.length) pictures.set(m.id, await copyPictures(db, files, userId, m.images, chat.id));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db.insert(messages).values(
        rows.slice(i, i + INSERT_CHUNK).map((m) => ({
          chatGemId: chat.id,
          ownerId: userId,
          userText: m.userText,
          answerText: m.answerText,
          status: FINISHED.has(m.status) ? m.status : ('stopped' as const),
          error: m.error,
          modelId: m.modelId,
          model: m.model,
          displayName: m.displayName,
          provider: m.provider,
          language: m.language,
          usage: m.usage,
          cost: m.cost,
          context: m.context,
          results: m.results,
          reasoning: m.reasoning,
          images: pictures.get(m.id) ?? m.images,
          createdAt: m.createdAt,
          updatedAt: m.updatedAt,
        })),
      );
    }
  } catch (error) {
    await db
      .delete(gems)
      .where(eq(gems.id, chat.id))
      .catch(() => undefined);
    throw error;
  }
  return chat;
}

/** `POST /api/chats/{id}/duplicate`: "<title> (copy)" with copies of all its messages. */
export async function duplicateChat(db: Db, files: Files, userId: number, chatId: number) {
  const source = await getOwnedChat(db, userId, chatId);
  const rows = await listMessages(db, userId, chatId);
  return copyChat(db, files, userId, source, `${source.title} (copy)`, rows);
}

/** `POST /api/messages/{id}/fork`: "<title> (fork)" with the messages up to and including this one. */
export async function forkChat(db: Db, files: Files, userId: number, messageId: number) {
  const message = await getOwnedMessage(db, userId, messageId);
  const source = await getOwnedChat(db, userId, message.chatGemId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatGemId, source.id), lte(messages.id, message.id)))
    .orderBy(asc(messages.id));
  return copyChat(db, files, userId, source, `${source.title} (fork)`, rows);
}

const EXPORT_FILES: Record<ChatExportFormat, { contentType: string; filename: string }> = {
  markdown: { contentType: 'text/markdown; charset=utf-8', filename: 'chat.md' },
  json: { contentType: 'application/json; charset=utf-8', filename: 'chat.json' },
  text: { contentType: 'text/plain; charset=utf-8', filename: 'chat.txt' },
};

/** How an export writes what comes with an answer: a failure, a web source, a picture. */
interface ExportLines {
  error: (error: string) => string;
  sources: (results: SearchResult[]) => string;
  picture: (picture: GeneratedImage, alt: string) => string;
}

const MARKDOWN_LINES: ExportLines = {
  error: (e) => `> **Error:** ${e}`,
  sources: (results) => `Sources:\n\n${results.map((r, i) => `${i + 1}. [${r.title}](${r.url})`).join('\n')}`,
  picture: (p, alt) => `![${alt}](${p.url})`,
};
const TEXT_LINES: ExportLines = {
  error: (e) => `Error: ${e}`,
  sources: (results) => `Sources:\n${results.map((r, i) => `${i + 1}. ${r.title} — ${r.url}`).join('\n')}`,
  picture: (p) => `Picture: ${p.url}`,
};

/** One exported turn's answer: the text, its pictures and web sources, and a failed answer's error line. */
const answerOf = (m: MessageRow, lines: ExportLines) =>
  [
    m.answerText.trim(),
    ...(m.images ?? []).map((p) => lines.picture(p, m.userText.trim().replace(/[[\]\n]/g, ' '))),
    m.results?.length ? lines.sources(m.results) : '',
    m.status === 'error' ? lines.error(m.error ?? 'The answer failed') : '',
  ]
    .filter(Boolean)
    .join('\n\n');

/**
 * `GET /api/chats/{id}/export`: the chat as markdown, JSON (`{chat, messages}`) or plain text.
 * Only finished turns (done, stopped or error) are exported: one still being answered is left out.
 */
export async function exportChat(db: Db, userId: number, chatId: number, format: ChatExportFormat) {
  const chat = await getOwnedChat(db, userId, chatId);
  const rows = (await listMessages(db, userId, chatId)).filter((m) => FINISHED.has(m.status));
  const { contentType, filename } = EXPORT_FILES[format];
  let body: string;
  if (format === 'json') {
    body = `${JSON.stringify(
      {
        chat: {
          id: chat.id,
          title: chat.title,
          url: chat.url,
          createdAt: chat.createdAt.toISOString(),
          updatedAt: chat.updatedAt.toISOString(),
        },
        messages: rows.map(toMessage),
      },
      null,
      2,
    )}\n`;
  } else if (format === 'markdown') {
    const turns = rows.map(
      (m) => `**You:**\n\n${m.userText.trim()}\n\n**${m.displayName}:**\n\n${answerOf(m, MARKDOWN_LINES)}\n`,
    );
    body = [`# ${chat.title}\n`, ...turns].join('\n');
  } else {
    const turns = rows.map((m) => `You:\n${m.userText.trim()}\n\n${m.displayName}:\n${answerOf(m, TEXT_LINES)}\n`);
    body = [`${chat.title}\n`, ...turns].join('\n');
  }
  return { body, contentType, disposition: `attachment; filename="${filename}"` };
}
