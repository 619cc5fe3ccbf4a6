import { sql } from 'drizzle-orm';
import type { Share } from '../../../lib/api/sharing-contract';
import type { TeamMember } from '../../../lib/api/teams-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { shareById } from '../sharing/shares';
import { currentMonth } from './allowance';
import { adminOf, memberOf, toMicros, toUsd } from './teams';

/**
 * A team's people. An invitation is a `shares` row of kind 'team' (pending until the invitee accepts it with
 * `POST /api/shares/{id}/accept`, as for a collection; by email it waits for that address's account), so a member is
 * an accepted row; removing the row ends their membership, and every access they had through the team, at once.
 */

type Raw = Record<string, unknown>;
export type TeamInviteInput = { username?: string; email?: string; role: 'admin' | 'member' };

export async function inviteToTeam(db: Db, actorId: number, teamId: number, input: TeamInviteInput): Promise<Share> {
  await adminOf(db, actorId, teamId);
  const field = input.username !== undefined ? 'data.username' : 'data.email';
  const [target] = await selectRows<{ id: number }>(
    db,
    input.username !== undefined
      ? sql`SELECT id FROM users WHERE lower(username) = lower(${input.username})`
      : sql`SELECT id FROM users WHERE lower(email) = lower(${input.email as string})`,
  );
  if (input.username !== undefined && !target)
    throw fieldError(400, field, `No account has the username ${input.username}`);
  if (target && Number(target.id) === actorId) throw fieldError(400, field, 'You are in this team already');
  const [{ owner_id: ownerId } = { owner_id: 0 }] = await selectRows<{ owner_id: number }>(
    db,
    sql`SELECT owner_id FROM teams WHERE id = ${teamId}`,
  );
  if (target && Number(target.id) === Number(ownerId)) throw fieldError(400, field, "This is the team's owner");
  const principal =
    input.username !== undefined
      ? { column: sql.raw('invitee_user_id'), value: Number(target?.id) }
      : { column: sql.raw('invitee_email'), value: (input.email as string).toLowerCase() };
  // As for collections: a declined invitation is sent again, a pending or accepted one is a 409.
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO shares (kind, team_id, ${principal.column}, role, status, invited_by)
      VALUES ('team', ${teamId}, ${principal.value}, ${input.role}, 'pending', ${actorId})
      ON CONFLICT (team_id, ${principal.column}) WHERE team_id IS NOT NULL AND ${principal.column} IS NOT NULL
      DO UPDATE SET role = excluded.role, status = 'pending', invited_by = excluded.invited_by,
        created_at = now(), responded_at = NULL
      WHERE shares.status = 'declined'
      RETURNING id`,
  );
  if (!row) throw fieldError(409, field, `${input.username ?? input.email} is invited to this team already`);
  return shareById(db, Number(row.id));
}

/** The owner first, then the invitations and members oldest first, each with their allowance and this month's spend. */
export async function listMembers(db: Db, actorId: number, teamId: number): Promise<TeamMember[]> {
  await memberOf(db, actorId, teamId);
  const month = currentMonth();
  const rows = await selectRows<Raw>(
    db,
    sql`WITH people AS (
        SELECT NULL::integer AS share_id, t.owner_id AS user_id, NULL::text AS email, 'owner' AS role,
          'accepted' AS status, t.created_at, 0 AS place FROM teams t WHERE t.id = ${teamId}
        UNION ALL
        SELECT s.id, s.invitee_user_id, s.invitee_email, s.role, s.status, s.created_at, 1
        FROM shares s WHERE s.team_id = ${teamId})
      SELECT p.*, u.username, a.monthly_micros, coalesce(sp.spent_micros, 0) AS spent_micros
      FROM people p LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN team_allowances a ON a.team_id = ${teamId} AND a.user_id = p.user_id
      LEFT JOIN team_spend sp ON sp.team_id = ${teamId} AND sp.user_id = p.user_id AND sp.month = ${month}
      ORDER BY p.place, p.created_at, p.share_id`,
  );
  return rows.map((raw) => ({
    shareId: raw.share_id === null ? null : Number(raw.share_id),
    user: raw.user_id === null ? null : { id: Number(raw.user_id), username: String(raw.username) },
    email: (raw.email as string | null) ?? null,
    role: raw.role as TeamMember['role'],
    status: raw.status as TeamMember['status'],
    monthlyAllowanceUsd: raw.monthly_micros === null ? null : toUsd(raw.monthly_micros),
    spentUsd: toUsd(raw.spent_micros),
  }));
}

/** A member's (or invitee's) share row in the team, a 404 when there is none. */
async function membershipOf(db: Db, teamId: number, userId: number): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM shares WHERE team_id = ${teamId} AND invitee_user_id = ${userId}`,
  );
  if (!row) throw notFound('Team member');
  return Number(row.id);
}

/** Sets an allowance: a member's own, or (no `userId`) the team's default. Owner and admins. */
export async function setAllowance(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number | undefined,
  usd: number | null,
) {
  await adminOf(db, actorId, teamId);
  if (userId === undefined) {
    await db.execute(sql`UPDATE teams SET default_allowance_micros = ${toMicros(usd ?? 0)} WHERE id = ${teamId}`);
    return;
  }
  const role = await memberOf(db, userId, teamId).catch(() => null);
  if (!role) throw fieldError(400, 'data.userId', 'This account is not a member of the team');
  if (usd === null)
    await db.execute(sql`DELETE FROM team_allowances WHERE team_id = ${teamId} AND user_id = ${userId}`);
  else
    await db.execute(sql`INSERT INTO team_allowances (team_id, user_id, monthly_micros)
      VALUES (${teamId}, ${userId}, ${toMicros(usd)})
      ON CONFLICT (team_id, user_id) DO UPDATE SET monthly_micros = excluded.monthly_micros`);
}

export async function updateMember(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
  change: { role?: 'admin' | 'member'; monthlyAllowanceUsd?: number | null },
) {
  const actorRole = await adminOf(db, actorId, teamId);
  if (change.role !== undefined) {
    const shareId = await membershipOf(db, teamId, userId).catch(async (error) => {
      if ((await memberOf(db, userId, teamId).catch(() => null)) === 'owner')
        throw fieldError(400, 'data.role', "The owner's role cannot change");
      throw error;
    });
    if (actorRole !== 'owner' && change.role !== 'admin')
      throw new ApiError(403, 'Only the team owner takes the admin role away');
    await db.execute(sql`UPDATE shares SET role = ${change.role} WHERE id = ${shareId}`);
  }
  if (change.monthlyAllowanceUsd !== undefined)
    await setAllowance(db, actorId, teamId, userId, change.monthlyAllowanceUsd);
  const members = await listMembers(db, actorId, teamId);
  const member = members.find((m) => m.user?.id === userId);
  if (!member) throw notFound('Team member');
  return member;
}

/**
 * Removes a member or an invitation (owner and admins; an admin cannot remove the owner), or, for oneself, leaves.
 * The owner cannot leave: they delete the team. The keys the member shared with it go too.
 */
export async function removeMember(db: Db, actorId: number, teamId: number, userId: number) {
  const actorRole = await memberOf(db, actorId, teamId).catch(async (error) => {
    // an invitee who has not accepted may drop their own invitation this way too
    if (actorId === userId) return null;
    throw error;
  });
  if (actorRole === 'owner' && userId === actorId)
    throw new ApiError(400, 'The owner cannot leave the team: delete it instead');
  if (userId !== actorId) {
    if (actorRole === 'member') throw new ApiError(403, "Only the team's owner and admins remove members");
  }
  const shareId = await membershipOf(db, teamId, userId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM shares WHERE id = ${shareId}`);
    await tx.execute(sql`DELETE FROM team_keys WHERE team_id = ${teamId} AND shared_by = ${userId}`);
  });
  return { id: userId };
}
