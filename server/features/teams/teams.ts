import { sql } from 'drizzle-orm';
import type { Team, TeamInvitation, TeamRole } from '../../../lib/api/teams-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { claimEmailInvitations } from '../sharing/invitations';

/**
 * Teams: create, rename, switch their settings, delete. The owner is `teams.owner_id`; the other members are accepted
 * `shares` rows of kind 'team' (members.ts), so who is in a team is read where every sharing rule reads it.
 */

type Raw = Record<string, unknown>;
export const MICROS = 1_000_000;
export const toUsd = (micros: unknown) => Number(micros ?? 0) / MICROS;
export const toMicros = (usd: number) => Math.round(usd * MICROS);
const iso = (value: unknown) => new Date(String(value)).toISOString();

/** The user's role in a team (owner, admin, member), or null when they are not in it (or it does not exist). */
export async function roleIn(db: Db, userId: number, teamId: number): Promise<TeamRole | null> {
  const [row] = await selectRows<{ role: TeamRole | null }>(
    db,
    sql`SELECT CASE WHEN t.owner_id = ${userId} THEN 'owner' ELSE
        (SELECT s.role FROM shares s WHERE s.team_id = t.id AND s.invitee_user_id = ${userId} AND s.status = 'accepted')
      END AS role FROM teams t WHERE t.id = ${teamId}`,
  );
  return row?.role ?? null;
}

/** The caller's role, a 404 when they are not in the team (whether it exists or not). */
export async function memberOf(db: Db, userId: number, teamId: number): Promise<TeamRole> {
  const role = await roleIn(db, userId, teamId);
  if (!role) throw notFound('Team');
  return role;
}

/** The owner's or an admin's hold on the team: a 404 outside it, a 403 for a member. */
export async function adminOf(db: Db, userId: number, teamId: number): Promise<TeamRole> {
  const role = await memberOf(db, userId, teamId);
  if (role === 'member') throw new ApiError(403, "Only the team's owner and admins manage it");
  return role;
}

const TEAM_SELECT = sql`t.id, t.name, t.owner_id, o.username AS owner_username, t.settings_enabled,
  t.default_allowance_micros, t.created_at,
  1 + (SELECT count(*) FROM shares m WHERE m.team_id = t.id AND m.status = 'accepted') AS members_count`;

const teamFromRaw = (raw: Raw, role: TeamRole): Team => ({
  id: Number(raw.id),
  name: String(raw.name),
  role,
  owner: { id: Number(raw.owner_id), username: String(raw.owner_username) },
  membersCount: Number(raw.members_count),
  settingsEnabled: Boolean(raw.settings_enabled),
  defaultAllowanceUsd: toUsd(raw.default_allowance_micros),
  createdAt: iso(raw.created_at),
});

/** The teams the user is in (oldest first) and their pending invitations to others (newest first). */
export async function listTeams(db: Db, userId: number): Promise<{ teams: Team[]; invitations: TeamInvitation[] }> {
  await claimEmailInvitations(db, userId);
  const [teams, invitations] = await Promise.all([
    selectRows<Raw>(
      db,
      sql`SELECT ${TEAM_SELECT}, CASE WHEN t.owner_id = ${userId} THEN 'owner' ELSE s.role END AS role
        FROM teams t JOIN users o ON o.id = t.owner_id
        LEFT JOIN shares s ON s.team_id = t.id AND s.invitee_user_id = ${userId} AND s.status = 'accepted'
        WHERE t.owner_id = ${userId} OR s.id IS NOT NULL ORDER BY t.created_at, t.id`,
    ),
    selectRows<Raw>(
      db,
      sql`SELECT s.id, s.role, s.created_at, t.id AS team_id, t.name, s.invited_by, b.username AS invited_by_username
        FROM shares s JOIN teams t ON t.id = s.team_id LEFT JOIN users b ON b.id = s.invited_by
        WHERE s.invitee_user_id = ${userId} AND s.kind = 'team' AND s.status = 'pending'
        ORDER BY s.created_at DESC, s.id DESC`,
    ),
  ]);
  return {
    teams: teams.map((raw) => teamFromRaw(raw, raw.role as TeamRole)),
    invitations: invitations.map((raw) => ({
      shareId: Number(raw.id),
      team: { id: Number(raw.team_id), name: String(raw.name) },
      role: raw.role as TeamInvitation['role'],
      invitedBy:
        raw.invited_by === null ? null : { id: Number(raw.invited_by), username: String(raw.invited_by_username) },
      createdAt: iso(raw.created_at),
    })),
  };
}

export async function teamById(db: Db, userId: number, teamId: number): Promise<Team> {
  const role = await memberOf(db, userId, teamId);
  const [raw] = await selectRows<Raw>(
    db,
    sql`SELECT ${TEAM_SELECT} FROM teams t JOIN users o ON o.id = t.owner_id WHERE t.id = ${teamId}`,
  );
  if (!raw) throw notFound('Team');
  return teamFromRaw(raw, role);
}

export async function createTeam(db: Db, userId: number, name: string): Promise<Team> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO teams (name, owner_id) VALUES (${name}, ${userId}) RETURNING id`,
  );
  if (!row) throw new Error('team insert returned no row');
  return teamById(db, userId, Number(row.id));
}

export interface TeamChange {
  name?: string;
  settingsEnabled?: boolean;
  defaultAllowanceUsd?: number;
}

/** Renames the team, switches its settings or sets its default allowance (owner and admins). */
export async function updateTeam(db: Db, userId: number, teamId: number, change: TeamChange): Promise<Team> {
  await adminOf(db, userId, teamId);
  const sets = [
    change.name === undefined ? null : sql`name = ${change.name}`,
    change.settingsEnabled === undefined ? null : sql`settings_enabled = ${change.settingsEnabled}`,
    change.defaultAllowanceUsd === undefined
      ? null
      : sql`default_allowance_micros = ${toMicros(change.defaultAllowanceUsd)}`,
  ].filter((set) => set !== null);
  if (sets.length) await db.execute(sql`UPDATE teams SET ${sql.join(sets, sql`, `)} WHERE id = ${teamId}`);
  return teamById(db, userId, teamId);
}

/**
 * Deletes the team (its owner only): its memberships, shared keys, allowances and usage go with it, and so does every
 * access its members had through it, with their next request; so does an endpoint its sharer removed that no other team
 * shares (a trigger on team_keys, migration 0052).
 */
export async function deleteTeam(db: Db, userId: number, teamId: number) {
  const role = await memberOf(db, userId, teamId);
  if (role !== 'owner') throw new ApiError(403, 'Only the team owner deletes the team');
  await db.execute(sql`DELETE FROM teams WHERE id = ${teamId}`);
  return { id: teamId };
}

/**
 * Hands the team to `newOwnerId`, an accepted member (the owner only). Their membership row becomes the old owner's,
 * as an admin, so the team keeps one row per member; the team row is locked first, so two transfers at once cannot
 * both pass the owner check.
 */
export async function transferTeam(db: Db, userId: number, teamId: number, newOwnerId: number): Promise<Team> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM teams WHERE id = ${teamId} FOR UPDATE`);
    const role = await memberOf(tx, userId, teamId);
    if (role !== 'owner') throw new ApiError(403, 'Only the team owner hands the team to another owner');
    if (newOwnerId === userId) throw fieldError(400, 'data.userId', 'You own this team already');
    const [share] = await selectRows<{ id: number }>(
      tx,
      sql`SELECT id FROM shares WHERE team_id = ${teamId} AND invitee_user_id = ${newOwnerId} AND status = 'accepted'`,
    );
    if (!share)
      throw fieldError(400, 'data.userId', 'The new owner must be a member of the team (invited and accepted)');
    await tx.execute(sql`UPDATE teams SET owner_id = ${newOwnerId} WHERE id = ${teamId}`);
    await tx.execute(sql`UPDATE shares SET invitee_user_id = ${userId}, role = 'admin', invited_by = ${newOwnerId}
      WHERE id = ${share.id}`);
  });
  return teamById(db, userId, teamId);
}
