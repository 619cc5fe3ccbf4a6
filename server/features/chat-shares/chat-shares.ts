import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type ChatShare, chatShareTokenSchema } from '../../../lib/api/chat-contract';
import { turnsKeeping } from '../../../lib/chat/turns';
import type { Db } from '../../db/client';
import { chatShares, gems, messages } from '../../db/schema';
import type { ShareRow } from '../../db/types';
import { ApiError } from '../../http/errors';
import { turnLinks } from '../chats/chat-turns';
import { getOwnedChat } from '../chats/chats';

/**
 * Read-only links to chats (Share Options "Invite Other"). The owner makes, reads and turns off a
 * chat's link; anyone holding the token reads the chat's finished turns.
 */

/** 24 random bytes: 192 bits, 32 base64url characters. */
const newToken = () => randomBytes(24).toString('base64url');

export const toChatShare = (row: ShareRow, base: string): ChatShare => ({
  url: `${base}/shared/chats/${row.token}`,
  token: row.token,
  createdAt: row.createdAt.toISOString(),
});

async function shareOf(db: Db, chatId: number): Promise<ShareRow | null> {
  const [row] = await db.select().from(chatShares).where(eq(chatShares.chatGemId, chatId));
  return row ?? null;
}

/** `POST /api/chats/{id}/share`: the chat's link, made unless it exists (`created` says which). */
export async function shareChat(db: Db, userId: number, chatId: number) {
  await getOwnedChat(db, userId, chatId);
  const [created] = await db
    .insert(chatShares)
    .values({ chatGemId: chatId, ownerId: userId, token: newToken() })
    .onConflictDoNothing({ target: chatShares.chatGemId })
    .returning();
  if (created) return { share: created, created: true };
  const existing = await shareOf(db, chatId);
  if (!existing) throw new ApiError(409, 'The chat’s link was turned off while it was being shared; share it again');
  return { share: existing, created: false };
}

/** `GET /api/chats/{id}/share`: the chat's link, or null. */
export async function getChatShare(db: Db, userId: number, chatId: number) {
  await getOwnedChat(db, userId, chatId);
  return shareOf(db, chatId);
}

/** `DELETE /api/chats/{id}/share`: turns the link off (nothing to do when there is none). */
export async function unshareChat(db: Db, userId: number, chatId: number) {
  await getOwnedChat(db, userId, chatId);
  await db.delete(chatShares).where(eq(chatShares.chatGemId, chatId));
}

/**
 * What a link shows: the shared chat's title and its turns, oldest first, with their finished (done or stopped)
 * answers;
 * null for a token that is malformed, unknown, turned off, or whose chat is gone.
 */
export async function sharedChat(db: Db, token: string) {
  const chat = await sharedChatRow(db, token);
  if (!chat) return null;
  const rows = await db
    .select({
      id: messages.id,
      userText: messages.userText,
      context: turnLinks,
      answer: messages.answerText,
      status: messages.status,
      displayName: messages.displayName,
      model: messages.model,
      results: messages.results,
      images: messages.images,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.chatGemId, chat.id))
    .orderBy(asc(messages.id));
  // By turn, as the panel shows them: a regenerated or several-model answer beside the others to its question.
  const turns = turnsKeeping(rows, (m) => m.status === 'done' || m.status === 'stopped');
  return { token, title: chat.title, createdAt: chat.createdAt, turns };
}
export type SharedChat = NonNullable<Awaited<ReturnType<typeof sharedChat>>>;

/** The chat a link shares, or null for a token that is malformed, unknown, turned off, or whose chat is gone. */
async function sharedChatRow(db: Db, token: string) {
  if (!chatShareTokenSchema.safeParse(token).success) return null;
  const [chat] = await db
    .select({ id: gems.id, title: gems.title, createdAt: gems.createdAt })
    .from(chatShares)
    .innerJoin(gems, and(eq(gems.id, chatShares.chatGemId), eq(gems.ownerId, chatShares.ownerId)))
    .where(and(eq(chatShares.token, token), eq(gems.mediaType, 'AIChat')));
  return chat ?? null;
}

/**
 * A picture of the shared page, by the file name of its upload: found only while the link is on and when a
 * finished answer of that chat shows it, so turning the link off takes the page's pictures with it (the
 * page never shows the owner's own `/uploads` links).
 */
export async function sharedPicture(db: Db, token: string, fileName: string): Promise<string | null> {
  const chat = await sharedChatRow(db, token);
  if (!chat) return null;
  const rows = await db
    .select({ images: messages.images })
    .from(messages)
    .where(and(eq(messages.chatGemId, chat.id), inArray(messages.status, ['done', 'stopped'])));
  const shown = rows.some((row) => row.images?.some((image) => pictureFileName(image.url) === fileName));
  return shown ? fileName : null;
}

/** The file name an upload's link ends with (`…/uploads/<key>.<ext>`), or null for any other address. */
export const pictureFileName = (url: string): string | null => /\/uploads\/([^/?#]+)$/.exec(url)?.[1] ?? null;
