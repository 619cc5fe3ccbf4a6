import { eq, getTableName, sql } from 'drizzle-orm';
import type { ChatExportFormat, GeneratedImage, MessageContext, SearchResult } from '../../../lib/api/chat-contract';
import { isWebAddress } from '../../../lib/api/web-address';
import { answerLabel, groupTurns, turnsKeeping } from '../../../lib/chat/turns';
import type { Db } from '../../db/client';
import { gems, messages } from '../../db/schema';
import type { GemRow, MessageRow } from '../../db/types';
import type { RequestContext } from '../../http/request-context';
import { copyPictures } from '../answers/pictures';
import { createChat, getOwnedChat, getOwnedMessage, isWriterChat, listMessages, toMessage } from './chats';

const FINISHED = new Set(['done', 'stopped', 'error']);
const INSERT_CHUNK = 500;

/** `count` unused message ids, ascending, taken from the messages' id sequence. */
async function newMessageIds(db: Db, count: number): Promise<number[]> {
  if (!count) return [];
  const taken = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${getTableName(messages)}, 'id'))::int` })
    .from(sql`generate_series(1, ${count}::int)`);
  return taken.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * A copied message's context, its link to the answer it regenerated pointing at that answer's copy (dropped when not
 * copied).
 */
function copiedContext(context: MessageContext, copyOf: Map<number, number>): MessageContext {
  if (context.regenerate?.fromMessageId === undefined) return context;
  const { fromMessageId, ...options } = context.regenerate;
  const copied = copyOf.get(fromMessageId);
  return { ...context, regenerate: copied === undefined ? options : { ...options, fromMessageId: copied } };
}

/**
 * A new chat (in the user's AI Chats collection) holding copies of `rows` (in id order). Copies keep
 * their text, model, usage, cost, context and times, and their order; a regenerated answer's link
 * points at the copy of the answer it regenerated, so the copy groups into the same turns. An answer
 * still streaming is copied as 'stopped' with what it had so far, so no copy waits forever. The new
 * chat is removed again if copying fails.
 */
async function copyChat({ db, files, userId }: RequestContext, source: GemRow, title: string, rows: MessageRow[]) {
  const chat = await createChat(db, userId, {
    title,
    url: isWebAddress(source.url) ? source.url : undefined,
    type: isWriterChat(source) ? 'ai-writer' : 'chat',
  });
  try {
    const pictures = new Map<number, GeneratedImage[]>();
    for (const m of rows)
      if (m.images?.length) pictures.set(m.id, await copyPictures(db, files, userId, m.images, chat.id));
    const ids = await newMessageIds(db, rows.length);
    const copyOf = new Map(rows.map((m, i) => [m.id, ids[i] as number]));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db.insert(messages).values(
        rows.slice(i, i + INSERT_CHUNK).map((m) => ({
          id: copyOf.get(m.id),
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
          context: copiedContext(m.context, copyOf),
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
export async function duplicateChat(ctx: RequestContext, chatId: number) {
  const { db, userId } = ctx;
  const source = await getOwnedChat(db, userId, chatId);
  const rows = await listMessages(db, userId, chatId);
  return copyChat(ctx, source, `${source.title} (copy)`, rows);
}

/**
 * The messages a fork at `messageId` keeps, in id order: the turns before its turn whole, and of its
 * turn the answers up to and including it (so it is that turn's latest answer, the one carried on).
 */
function forkedRows(rows: MessageRow[], messageId: number): MessageRow[] {
  const turns = groupTurns(rows);
  const at = turns.findIndex((turn) => turn.answers.some((m) => m.id === messageId));
  const kept = turns.slice(0, at).flatMap((turn) => turn.answers);
  kept.push(...(turns[at]?.answers.filter((m) => m.id <= messageId) ?? []));
  return kept.sort((a, b) => a.id - b.id);
}

/** `POST /api/messages/{id}/fork`: "<title> (fork)" with the turns up to this answer's, which ends with it. */
export async function forkChat(ctx: RequestContext, messageId: number) {
  const { db, userId } = ctx;
  const message = await getOwnedMessage(db, userId, messageId);
  const source = await getOwnedChat(db, userId, message.chatGemId);
  const rows = forkedRows(await listMessages(db, userId, source.id), message.id);
  return copyChat(ctx, source, `${source.title} (fork)`, rows);
}

const EXPORT_FILES: Record<ChatExportFormat, { contentType: string; extension: string }> = {
  markdown: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
};

/**
 * An export's file name: the chat's title as far as a file name can hold it (ASCII letters, digits, spaces, dots and
 * dashes, none at either end; "chat" when nothing is left) and the day it was started, e.g. "Seawall vote 2026-11-28.md".
 */
function exportFilename(title: string, createdAt: Date, extension: string): string {
  const name = title
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 80)
    .replace(/^[ .-]+|[ .-]+$/g, '');
  return `${name || 'chat'} ${createdAt.toISOString().slice(0, 10)}.${extension}`;
}

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
  // By turn, as the panel shows them: a regenerated or several-model answer beside the others to its question.
  const turns = turnsKeeping(await listMessages(db, userId, chatId), (m) => FINISHED.has(m.status));
  const { contentType, extension } = EXPORT_FILES[format];
  const filename = exportFilename(chat.title, chat.createdAt, extension);
  // The page the chat was started from (a chat without one has a trove:// address of its own).
  const page = isWebAddress(chat.url) ? chat.url : null;
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
        messages: turns.flatMap((turn) => turn.answers).map(toMessage),
      },
      null,
      2,
    )}\n`;
  } else if (format === 'markdown') {
    const blocks = turns.map(
      (turn) =>
        `**You:**\n\n${turn.question.trim()}\n\n${turn.answers
          .map((m, i) => `**${answerLabel(m, i, turn.answers.length)}:**\n\n${answerOf(m, MARKDOWN_LINES)}\n`)
          .join('\n')}`,
    );
    body = [`# ${chat.title}\n`, ...(page ? [`Page: <${page}>\n`] : []), ...blocks].join('\n');
  } else {
    const blocks = turns.map(
      (turn) =>
        `You:\n${turn.question.trim()}\n\n${turn.answers
          .map((m, i) => `${answerLabel(m, i, turn.answers.length)}:\n${answerOf(m, TEXT_LINES)}\n`)
          .join('\n')}`,
    );
    body = [`${chat.title}\n`, ...(page ? [`Page: ${page}\n`] : []), ...blocks].join('\n');
  }
  return { body, contentType, disposition: `attachment; filename="${filename}"` };
}
