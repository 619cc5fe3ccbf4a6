import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  type Citation,
  type GeneratedImage,
  type MessageContext,
  type MessageStatus,
  type MessageUsage,
  messageContextSchema,
  type SearchResult,
} from '../../../lib/api/contract';
import { users } from './accounts';
import { aiModels } from './ai';
import { createdAt, updatedAt } from './columns';
import { gems } from './library';

/* Chats: the messages (questions and their answers) and share links. */

/**
 * A stored message context read by its schema (lib/api/chat-contract.ts): a key that does not read (written by an
 * older server, say) is left out and logged, so one odd row never fails a chat's messages.
 */
export function readMessageContext(stored: unknown): MessageContext {
  const parsed = messageContextSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? { ...stored } : {};
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(messageContextSchema.shape)) {
    const value = schema.safeParse(record[key]);
    if (value.success && value.data !== undefined) kept[key] = value.data;
  }
  console.warn(`[trove] a message context did not read; left out: ${parsed.error.issues.map((i) => i.path.join('.'))}`);
  return messageContextSchema.parse(kept);
}

/** A message's `context` (jsonb), parsed once wherever rows are read (select, returning, or a `mapWith` of it). */
const messageContext = customType<{ data: MessageContext; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => readMessageContext(typeof value === 'string' ? JSON.parse(value) : value),
});

/** Token counts of one answer. */
/**
 * Chat messages: one row per question and its answer, in a chat (a gem of media
 * type 'AIChat'). The question is stored before the provider is called; `answer_text` grows as the
 * answer streams (checkpointed), and `status` ends as 'done', 'error' (with `error`) or 'stopped'.
 * `model`/`provider`/`display_name` are copied from the catalogue so history survives catalogue changes.
 */
/** Statuses of an answer still being generated (a lease on it is renewed by the copy generating it). */
export const UNFINISHED = ['pending', 'streaming'] as const satisfies readonly MessageStatus[];

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    chatGemId: integer('chat_gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userText: text('user_text').notNull(),
    answerText: text('answer_text').notNull().default(''),
    status: text('status').$type<MessageStatus>().notNull().default('pending'),
    error: text('error'),
    modelId: integer('model_id').references(() => aiModels.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    displayName: text('display_name').notNull(),
    provider: text('provider').notNull(),
    language: text('language'),
    usage: jsonb('usage').$type<MessageUsage>(),
    /** US dollars: the catalogue's prices × usage. */
    cost: doublePrecision('cost'),
    /** What the question was asked with and what became of it: see MessageContext. */
    context: messageContext('context').notNull().default({}),
    /** Follow-up questions, when asked for (`followUps` option); null otherwise. */
    followUps: jsonb('follow_ups').$type<string[]>(),
    /** The context items the answer cited, when asked for (`citations` option); null otherwise. */
    citations: jsonb('citations').$type<Citation[]>(),
    /** Web search: the pages the answer drew on (a search-style message); null otherwise. */
    results: jsonb('results').$type<SearchResult[]>(),
    /** Research: the model's reasoning summary; null when there is none. */
    reasoning: text('reasoning'),
    /** Picture: the images made, stored as uploads; null for a written answer. */
    images: jsonb('images').$type<GeneratedImage[]>(),
    /**
     * The server copy generating this answer holds a lease until `leaseExpiresAt` and renews it while
     * it runs; an unfinished answer whose lease has expired was orphaned by a crash (see recovery).
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatGemId, t.id),
    index('messages_owner_idx').on(t.ownerId),
    index('messages_unfinished_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} in ('pending', 'streaming')`),
  ],
);

/**
 * Read-only links to chats (Share Options "Invite Other"): at most one per chat, found by its
 * unguessable token. Turning a link off deletes its row; a deleted chat takes its link with it.
 */
export const chatShares = pgTable(
  'chat_shares',
  {
    chatGemId: integer('chat_gem_id')
      .primaryKey()
      .references(() => gems.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 32 base64url characters (192 random bits): the link's `/shared/chats/{token}`. */
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_shares_token_idx').on(t.token), index('chat_shares_owner_idx').on(t.ownerId)],
);
