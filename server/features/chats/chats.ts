import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createChatBody, GemMedia, Message } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { gems, messages, UNFINISHED } from '../../db/schema';
import type { Author, MessageRow } from '../../db/types';
import { notFound } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import type { GenerationEvent } from '../answers/generations';
import { recoverMessage } from '../answers/recovery';
import { aiChatsCollection } from '../collections/collections';
import { createGem, deleteGem, gemOwner, getGem } from '../gems/gems';

/** The answer is written to its row at most this often while it streams (and once at the end). */
export const CHECKPOINT_MS = 250;

/** The memory the answer proposed (stored in its context by answer generation), or null. */
export const memoryProposalOf = (row: MessageRow) => row.context.memoryProposal ?? null;
/** How the user answered the proposal (`POST /api/messages/{id}/memory-proposal`), or null. */
const memoryProposalAnswerOf = (row: MessageRow) => row.context.memoryProposalAnswer ?? null;

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  chatId: row.chatGemId,
  userText: row.userText,
  text: row.results ? { answer: row.answerText, results: row.results } : row.answerText,
  reasoning: row.reasoning,
  images: row.images,
  status: row.status,
  error: row.error,
  modelId: row.modelId,
  model: row.model,
  displayName: row.displayName,
  provider: row.provider,
  language: row.language,
  usage: row.usage,
  cost: row.cost,
  context: row.context,
  followUps: row.followUps,
  citations: row.citations,
  memoryProposal: memoryProposalOf(row),
  memoryProposalAnswer: memoryProposalAnswerOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `POST /api/chats`: a gem of media type 'AIChat' in the user's AI Chats collection. */
export async function createChat(db: Db, userId: number, input: z.output<typeof createChatBody>) {
  const owner = await gemOwner(db, userId);
  const collectionId = await aiChatsCollection(db, userId);
  const { gem } = await createGem(db, owner, {
    title: input.title ?? 'New chat',
    description: '',
    url: input.url ?? `trove://chat/${randomUUID()}`,
    media_type: 'AIChat',
    media: input.type === 'ai-writer' ? { chatType: input.type } : {},
    collectionId,
    tags: [],
  });
  return gem;
}

/** `PUT /api/chats/{id}`: renames the user's chat (404 for anything else). */
export async function renameChat(db: Db, author: Author, chatId: number, title: string) {
  await getOwnedChat(db, author.id, chatId);
  await db.update(gems).set({ title, updatedAt: new Date() }).where(eq(gems.id, chatId));
  return getGem(db, author, chatId);
}

/**
 * `DELETE /api/chats/{id}`: the chat's gem with its messages and share link (cascaded: the link is 404 at once) and
 * its pictures and files (deleteGem). An answer still streaming is stopped first so it writes nothing after.
 */
export async function deleteChat({ db, generations, files, userId }: RequestContext, chatId: number) {
  await getOwnedChat(db, userId, chatId);
  const running = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatGemId, chatId), inArray(messages.status, [...UNFINISHED])));
  for (const { id } of running) {
    const generation = generations.get(id);
    if (!generation) continue;
    generation.stop();
    await generation.finished;
  }
  return deleteGem(db, files.store, userId, chatId);
}

const ownedChatQuery = preparedFor((db) =>
  db
    .select()
    .from(gems)
    .where(
      and(
        eq(gems.id, sql.placeholder('chatId')),
        eq(gems.ownerId, sql.placeholder('userId')),
        eq(gems.mediaType, 'AIChat'),
      ),
    )
    .prepare('owned_chat'),
);

/** Whether a chat (an AIChat gem) is of the writing type, answered with the writer's instructions. */
export const isWriterChat = (chat: { media: GemMedia }) => chat.media.chatType === 'ai-writer';

/** The user's chat (an AIChat gem), or 404. */
export async function getOwnedChat(db: Db, userId: number, chatId: number) {
  const [row] = await ownedChatQuery(db).execute({ chatId, userId });
  if (!row) throw notFound('Chat');
  return row;
}

export async function listMessages(db: Db, userId: number, chatId: number) {
  await getOwnedChat(db, userId, chatId);
  return db.select().from(messages).where(eq(messages.chatGemId, chatId)).orderBy(asc(messages.id));
}

export async function getOwnedMessage(db: Db, userId: number, id: number): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.ownerId, userId)));
  if (!row) throw notFound('Message');
  return row;
}

/**
 * A re-attach to an answer another copy is generating ends after this long at most (with no end event: re-attach
 * again).
 */
export const REATTACH_MAX_MS = 10 * 60_000;

/**
 * Events of a stored message this process is not generating (finished, or generated by another server
 * copy): its text so far, then (polling the row) the rest and its end. An unfinished row that made no
 * progress since the last look is marked interrupted here if its lease expired (`leaseSeconds` as
 * recovery's), rather than waiting for the next sweep. After `maxMs` the events end without an end event.
 */
export async function* storedMessageEvents(
  db: Db,
  row: MessageRow,
  signal: AbortSignal,
  options: { leaseSeconds: number; maxMs?: number },
): AsyncGenerator<GenerationEvent> {
  const deadline = Date.now() + (options.maxMs ?? REATTACH_MAX_MS);
  let current = row;
  let sent = 0;
  for (;;) {
    if (current.answerText.length > sent) {
      yield { type: 'delta', text: current.answerText.slice(sent) };
      sent = current.answerText.length;
    }
    if (current.status === 'error') {
      yield { type: 'error', message: current.error ?? 'The answer failed' };
      return;
    }
    if (current.status === 'done' || current.status === 'stopped') {
      // Reasoning and sources are stored with the end: they come before it.
      if (current.reasoning) yield { type: 'reasoning', text: current.reasoning };
      if (current.results) yield { type: 'sources', results: current.results };
      const proposal = memoryProposalAnswerOf(current) ? null : memoryProposalOf(current);
      if (proposal) yield { type: 'memory', proposal };
      yield {
        type: 'done',
        status: current.status,
        usage: current.usage,
        cost: current.cost,
        ...(current.citations ? { citations: current.citations } : {}),
      };
      // As a live answer sends them: after its end (still being asked for by another copy: read with the messages).
      if (current.followUps) yield { type: 'followups', questions: current.followUps };
      return;
    }
    if (Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_MS));
    if (signal.aborted) return;
    const [next] = await db.select().from(messages).where(eq(messages.id, row.id));
    if (!next) return;
    const progressed = next.status !== current.status || next.answerText.length !== current.answerText.length;
    current = progressed ? next : ((await recoverMessage(db, options.leaseSeconds, row.id)) ?? next);
  }
}

/**
 * `POST /api/messages/{id}/stop`: stops an answer in flight (status 'stopped', the partial answer
 * kept). One generated by another server copy is marked stopped; that copy ends it at its next checkpoint.
 */
export async function stopMessage({ db, generations, userId }: RequestContext, id: number) {
  const row = await getOwnedMessage(db, userId, id);
  const generation = generations.get(id);
  if (generation) {
    generation.stop();
    await generation.finished;
  } else if ((UNFINISHED as readonly string[]).includes(row.status)) {
    await db
      .update(messages)
      .set({ status: 'stopped', updatedAt: sql`now()` })
      .where(and(eq(messages.id, id), inArray(messages.status, [...UNFINISHED])));
  }
  return getOwnedMessage(db, userId, id);
}
