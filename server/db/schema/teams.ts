import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { aiModels, customEndpoints } from './ai';
import { createdAt } from './columns';

/*
 * Teams: a group of accounts. Its owner is `teams.owner_id`; its other members are `shares` rows of kind 'team'
 * (invited, pending until accepted, as a collection's people are: server/features/sharing). A collection or tag
 * shared with a team is a share whose principal is `shares.invitee_team_id` (migration 0037 extends the access rule).
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team settings switch: off, the team's shared keys serve nobody (their models say why). */
    settingsEnabled: boolean('settings_enabled').notNull().default(true),
    /** What each member may spend a month through the team's keys, in millionths of a US dollar, unless set apart. */
    defaultAllowanceMicros: bigint('default_allowance_micros', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

/**
 * A provider key or a custom endpoint a member shares with a team. The key is never copied: it stays the member's,
 * encrypted in their AI settings (or their endpoint), and is decrypted only to call the provider for a member; when
 * the member removes it or leaves the team, its models say "key removed".
 */
export const teamKeys = pgTable(
  'team_keys',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A built-in provider's name (its key in the sharer's settings), or the endpoint's name when it was shared. */
    provider: text('provider'),
    endpointId: integer('endpoint_id').references(() => customEndpoints.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'provider' | 'endpoint'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('team_keys_kind_check', sql`${t.kind} IN ('provider', 'endpoint')`),
    check('team_keys_provider_check', sql`${t.kind} = 'endpoint' OR ${t.provider} IS NOT NULL`),
    uniqueIndex('team_keys_provider_idx').on(t.teamId, t.sharedBy, t.provider).where(sql`${t.kind} = 'provider'`),
    uniqueIndex('team_keys_endpoint_idx').on(t.teamId, t.endpointId).where(sql`${t.kind} = 'endpoint'`),
    index('team_keys_team_idx').on(t.teamId),
  ],
);

/** The models members may use through a shared key, as the team's admins chose them. */
export const teamKeyModels = pgTable(
  'team_key_models',
  {
    teamKeyId: integer('team_key_id')
      .notNull()
      .references(() => teamKeys.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamKeyId, t.modelId] })],
);

/** A member's own monthly allowance in a team (else the team's default). */
export const teamAllowances = pgTable(
  'team_allowances',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    monthlyMicros: bigint('monthly_micros', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/**
 * What a member spent and holds in a team this month (one row per member and month): an answer through a team key
 * holds part of the allowance before it starts (an UPDATE that checks spent + held + hold against the allowance, so
 * parallel answers cannot pass it) and settles when it ends (server/features/teams/allowance.ts).
 */
export const teamSpend = pgTable(
  'team_spend',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month's first day (UTC). */
    month: text('month').notNull(),
    spentMicros: bigint('spent_micros', { mode: 'number' }).notNull().default(0),
    heldMicros: bigint('held_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId, t.month] })],
);

/** An answer's hold on a member's allowance while it runs, leased like credit holds (recovery gives it back). */
export const teamHolds = pgTable(
  'team_holds',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    micros: bigint('micros', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('team_holds_expires_idx').on(t.expiresAt)],
);

/** Usage through a team's keys per member, model and month, for the team's admins. */
export const teamUsage = pgTable(
  'team_usage',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiModels.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    answers: integer('answers').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId, t.modelId, t.month] })],
);

/** A member's choice about a shared key: make it their default for its provider, or stop using it. */
export const teamKeyChoices = pgTable(
  'team_key_choices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamKeyId: integer('team_key_id')
      .notNull()
      .references(() => teamKeys.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<'default' | 'removed'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.teamKeyId] }),
    check('team_key_choices_choice_check', sql`${t.choice} IN ('default', 'removed')`),
  ],
);
