import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/* What the operator runs the server with (README, "Running Trove for a group"): settings, password resets, invitations. */

/** Settings an admin changes on the admin page, by key (e.g. `registration`); each overrides its environment variable. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time password-reset links: only a hash of the token is kept; spent or expired ones are refused. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * Invitations to register (registration mode `invite`), made by an admin: one-time, expiring, only a hash of the
 * code kept. Resending makes a new code (the old one dies), since the old one cannot be read back.
 */
export const registrationInvites = pgTable(
  'registration_invites',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    codeHash: text('code_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registration_invites_code_idx').on(t.codeHash)],
);

/**
 * Email changes waiting for their confirmation (when SMTP is set): the new address, and a one-time link mailed to it
 * of which only a hash is kept. The email changes when the link's page is confirmed; a newer request ends older ones.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_hash_idx').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

/** Accounts linked to the single sign-on provider (TROVE_OIDC_*): one row per provider subject. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject_idx').on(t.issuer, t.subject),
    index('oidc_identities_user_idx').on(t.userId),
  ],
);

/**
 * Sign-ins through the provider under way (server/features/oidc/): the state (only its hash), nonce and PKCE verifier
 * sent to the provider, the extension's challenge and where its code goes; once the provider answered, the user and
 * the hash of the one-time code the extension exchanges for its tokens. Each step spends its part once.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    challenge: text('challenge').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_logins_state_idx').on(t.stateHash),
    uniqueIndex('oidc_logins_handoff_idx').on(t.handoffHash),
    index('oidc_logins_expires_idx').on(t.expiresAt),
  ],
);
