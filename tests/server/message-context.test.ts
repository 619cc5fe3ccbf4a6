import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { collections, gems, messages, users } from '../../server/db/schema';
import { turnLinks } from '../../server/features/chats/chat-turns';
import { getOwnedMessage, toMessage } from '../../server/features/chats/chats';
import { patchContext } from '../../server/features/chats/message-context';
import { openTestDatabase } from './harness';

/**
 * A message's `context` straight on the database (PGlite, and PostgreSQL in server-postgres): read by its schema
 * wherever rows are read, and patched key by key in one statement.
 */

let database: Database;
let chat: { ownerId: number; chatGemId: number };

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [owner] = await db
    .insert(users)
    .values({ username: 'contexts', email: 'contexts@example.test', passwordHash: 'x' })
    .returning();
  if (!owner) throw new Error('no user');
  const [collection] = await db.insert(collections).values({ ownerId: owner.id, name: 'AI Chats' }).returning();
  if (!collection) throw new Error('no collection');
  const [gem] = await db
    .insert(gems)
    .values({
      ownerId: owner.id,
      collectionId: collection.id,
      title: 'Chat',
      url: 'trove://chat/contexts',
      canonicalUrl: 'trove://chat/contexts',
      mediaType: 'AIChat',
    })
    .returning();
  if (!gem) throw new Error('no chat');
  chat = { ownerId: owner.id, chatGemId: gem.id };
});
afterAll(async () => {
  await database?.close();
});

/** A done answer whose stored context is `stored`, written as raw JSON (as an older server might have). */
async function answerWith(stored: object) {
  const [row] = await database.db
    .insert(messages)
    .values({ ...chat, userText: 'q', status: 'done', model: 'm', displayName: 'M', provider: 'openai' })
    .returning({ id: messages.id });
  if (!row) throw new Error('no message');
  await database.db.execute(sql`update messages set context = ${JSON.stringify(stored)}::jsonb where id = ${row.id}`);
  return row.id;
}

describe('a message context', () => {
  it('is read by its schema: the keys that read are kept, one that does not is left out', async () => {
    const id = await answerWith({
      multi: 'first of two',
      memoryProposal: 'Prefers tea',
      options: { tool: 'research', memory: true },
      regenerate: { fromMessageId: 4, showEmojis: true },
    });
    const message = toMessage(await getOwnedMessage(database.db, chat.ownerId, id));
    expect(message.context).toEqual({
      memoryProposal: 'Prefers tea',
      options: { tool: 'research', memory: true },
      regenerate: { fromMessageId: 4, showEmojis: true },
    });
    expect(message.memoryProposal).toBe('Prefers tea');
  });

  it('is patched key by key in one statement, keeping the other keys', async () => {
    const id = await answerWith({ options: { tool: 'chat' }, memoryProposal: 'Lives in Lyon' });
    await database.db
      .update(messages)
      .set({ context: patchContext({ memoryProposalAnswer: 'dismissed' }) })
      .where(eq(messages.id, id));
    const [raw] = await database.db
      .select({ text: sql<string>`${messages.context}::text` })
      .from(messages)
      .where(eq(messages.id, id));
    const stored: unknown = JSON.parse(raw?.text ?? 'null');
    expect(stored).toEqual({
      options: { tool: 'chat' },
      memoryProposal: 'Lives in Lyon',
      memoryProposalAnswer: 'dismissed',
    });
  });

  it('refuses a patch its schema does not take, before anything is written', () => {
    expect(() => patchContext({ memoryProposalAnswer: 'later' as 'saved' })).toThrow(/memoryProposalAnswer/);
  });

  it('gives turn grouping only the links it reads, each when present', async () => {
    const id = await answerWith({
      regenerate: { fromMessageId: 7, readingLevel: 3 },
      estimate: '~4 characters per token',
    });
    const [row] = await database.db.select({ context: turnLinks }).from(messages).where(eq(messages.id, id));
    expect(row?.context).toEqual({ regenerate: { fromMessageId: 7, readingLevel: 3 } });
  });
});
