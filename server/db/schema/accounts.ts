import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/* Accounts: users, their refresh tokens, and the rate limits kept for sign-in and sign-up. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * False for an account made by signing in with OpenID Connect: its hash is of a password no one knows, until the user
     * sets one (`POST /api/auth/set-password`, or a reset link).
     */
    passwordSet: boolean('password_set').notNull().default(true),
    /** The name shown beside the username (the account's profile); '' for none. */
    displayName: text('display_name').notNull().default(''),
    unfilteredCollectionId: integer('unfiltered_collection_id'),
    aiChatsCollectionId: integer('ai_chats_collection_id'),
    /** The server's administrators: the first account created on an empty server, and whom admins make so. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set by an admin: every sign-in of the user is revoked and new ones are refused until it is cleared. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Rotating refresh tokens. Only a hash is stored; a family is one sign-in, revoked whole on reuse or sign-out. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The client that got this token (sign-in or refresh): what "Where you are signed in" shows of a sign-in. */
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * The addresses each user signed in from (or signed up), with the last time: failed sign-ins from every other
 * address share one budget per account, and these stay out of it, so no one can lock the owner out of the
 * places they use (server/auth/sign-in-guard.ts).
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * Rate-limit counters, one row per key (e.g. `sign-in:address:203.0.113.7`), kept here so every server
 * copy on one database shares them. Written only by server/auth/rate-limit.ts, one upsert per check.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Hits in the current window (fixed-window limits) or failures in the current streak (backoff limits). */
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    /** Backoff limits: no attempt is let through before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** Whether the latest check let its attempt through (what the upsert reports back). */
    allowed: boolean('allowed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_updated_idx').on(t.updatedAt)],
);

/** Sites a user blocked: the extension neither reads nor offers to save pages whose host matches one (a host or `*.domain`). */
export const blockedSites = pgTable(
  'blocked_sites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.host] })],
);
