import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { collections, tags } from './library';
import { teams } from './teams';

/* Sharing: a collection or a tag shared with a person (an account, or an address that has none yet). */

export const shareRoles = ['viewer', 'contributor', 'editor', 'admin'] as const;
export type ShareRole = (typeof shareRoles)[number];
/** A team's members: `member`, or `admin` (manages members, keys and allowances); its owner is `teams.owner_id`. */
export type TeamShareRole = 'member' | 'admin';
export const shareStatuses = ['pending', 'accepted', 'declined'] as const;
export type ShareStatus = (typeof shareStatuses)[number];

/**
 * One principal's share of one collection or tag. The principal is an account (`invitee_user_id`) or an address
 * with no account yet (`invitee_email`, claimed when that address signs up or in), or a team (`invitee_team_id`: its
 * members have the access while they are members). A share of kind 'team' is a membership: an invitation to join
 * team `team_id` as member or admin.
 * Who may read what follows from the accepted rows through trove_collection_access / trove_tag_access
 * (migration 0030), read by server/features/sharing/access.ts.
 */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'collection' | 'tag' | 'team'>().notNull(),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    inviteeTeamId: integer('invitee_team_id').references(() => teams.id, { onDelete: 'cascade' }),
    inviteeUserId: integer('invitee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case. */
    inviteeEmail: text('invitee_email'),
    role: text('role').$type<ShareRole | TeamShareRole>().notNull(),
    status: text('status').$type<ShareStatus>().notNull().default('pending'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'shares_resource_check',
      sql`num_nonnulls(${t.collectionId}, ${t.tagId}, ${t.teamId}) = 1 AND (${t.kind} = 'collection') = (${t.collectionId} IS NOT NULL) AND (${t.kind} = 'tag') = (${t.tagId} IS NOT NULL) AND (${t.kind} = 'team') = (${t.teamId} IS NOT NULL)`,
    ),
    check(
      'shares_principal_check',
      sql`num_nonnulls(${t.inviteeUserId}, ${t.inviteeEmail}, ${t.inviteeTeamId}) = 1 AND (${t.kind} <> 'team' OR ${t.inviteeTeamId} IS NULL)`,
    ),
    check(
      'shares_role_check',
      sql`(${t.kind} <> 'team' AND ${t.role} IN ('viewer', 'contributor', 'editor', 'admin')) OR (${t.kind} = 'team' AND ${t.role} IN ('member', 'admin'))`,
    ),
    check('shares_status_check', sql`${t.status} IN ('pending', 'accepted', 'declined')`),
    uniqueIndex('shares_collection_user_idx')
      .on(t.collectionId, t.inviteeUserId)
      .where(sql`${t.collectionId} IS NOT NULL AND ${t.inviteeUserId} IS NOT NULL`),
    uniqueIndex('shares_collection_email_idx')
      .on(t.collectionId, t.inviteeEmail)
      .where(sql`${t.collectionId} IS NOT NULL AND ${t.inviteeEmail} IS NOT NULL`),
    uniqueIndex('shares_tag_user_idx')
      .on(t.tagId, t.inviteeUserId)
      .where(sql`${t.tagId} IS NOT NULL AND ${t.inviteeUserId} IS NOT NULL`),
    uniqueIndex('shares_tag_email_idx')
      .on(t.tagId, t.inviteeEmail)
      .where(sql`${t.tagId} IS NOT NULL AND ${t.inviteeEmail} IS NOT NULL`),
    uniqueIndex('shares_team_user_idx')
      .on(t.teamId, t.inviteeUserId)
      .where(sql`${t.teamId} IS NOT NULL AND ${t.inviteeUserId} IS NOT NULL`),
    uniqueIndex('shares_team_email_idx')
      .on(t.teamId, t.inviteeEmail)
      .where(sql`${t.teamId} IS NOT NULL AND ${t.inviteeEmail} IS NOT NULL`),
    uniqueIndex('shares_collection_team_idx')
      .on(t.collectionId, t.inviteeTeamId)
      .where(sql`${t.collectionId} IS NOT NULL AND ${t.inviteeTeamId} IS NOT NULL`),
    uniqueIndex('shares_tag_team_idx')
      .on(t.tagId, t.inviteeTeamId)
      .where(sql`${t.tagId} IS NOT NULL AND ${t.inviteeTeamId} IS NOT NULL`),
    index('shares_invitee_team_idx').on(t.inviteeTeamId).where(sql`${t.inviteeTeamId} IS NOT NULL`),
    index('shares_invitee_idx').on(t.inviteeUserId, t.status),
    index('shares_email_idx').on(t.inviteeEmail).where(sql`${t.inviteeEmail} IS NOT NULL`),
  ],
);
