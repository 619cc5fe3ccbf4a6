import { sql } from 'drizzle-orm';
import type { Share, ShareRole } from '../../../lib/api/sharing-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { type Access, atLeast, collectionAccess, tagAccess } from './access';

/**
 * Shares of a collection or tag as its owner and admins manage them: invite, list, change a role, remove. Who may
 * read follows from the accepted rows through the SQL functions access.ts reads; nothing here is cached.
 */

export type ShareKind = 'collection' | 'tag';
export type InviteInput = { username?: string; email?: string; teamId?: number; role: ShareRole };
type Raw = Record<string, unknown>;

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** The select list shareFromRaw reads (alias `s` for the share). */
const SHARE_SELECT = sql`s.id, s.kind, coalesce(s.collection_id, s.tag_id, s.team_id) AS resource_id,
  coalesce(c.name, t.name, tm.name) AS resource_name, s.role, s.status, s.invitee_user_id, iu.username AS invitee_username,
  s.invitee_email, s.invitee_team_id, it.name AS invitee_team_name, s.invited_by, bu.username AS invited_by_username,
  s.created_at, s.responded_at, coalesce(c.owner_id, t.owner_id, tm.owner_id) AS owner_id`;
const SHARE_FROM = sql`shares s LEFT JOIN collections c ON c.id = s.collection_id LEFT JOIN tags t ON t.id = s.tag_id
  LEFT JOIN teams tm ON tm.id = s.team_id LEFT JOIN teams it ON it.id = s.invitee_team_id
  LEFT JOIN users iu ON iu.id = s.invitee_user_id LEFT JOIN users bu ON bu.id = s.invited_by`;

export const shareFromRaw = (raw: Raw): Share => ({
  id: Number(raw.id),
  kind: raw.kind as Share['kind'],
  resourceId: Number(raw.resource_id),
  resourceName: String(raw.resource_name),
  role: raw.role as Share['role'],
  status: raw.status as Share['status'],
  invitee: {
    id: raw.invitee_user_id === null ? null : Number(raw.invitee_user_id),
    username: (raw.invitee_username as string | null) ?? null,
    email: (raw.invitee_email as string | null) ?? null,
    // present only on a share with a team
    ...(raw.invitee_team_id === null || raw.invitee_team_id === undefined
      ? {}
      : { team: { id: Number(raw.invitee_team_id), name: String(raw.invitee_team_name) } }),
  },
  invitedBy:
    raw.invited_by === null || raw.invited_by === undefined
      ? null
      : { id: Number(raw.invited_by), username: String(raw.invited_by_username) },
  createdAt: iso(raw.created_at) ?? '',
  respondedAt: iso(raw.responded_at),
});

/** A share with what it is of (its owner), or null. */
export async function findShare(db: Db, id: number): Promise<(Share & { ownerId: number }) | null> {
  const [raw] = await selectRows<Raw>(db, sql`SELECT ${SHARE_SELECT} FROM ${SHARE_FROM} WHERE s.id = ${id}`);
  return raw ? { ...shareFromRaw(raw), ownerId: Number(raw.owner_id) } : null;
}

/** A share as the API answers it (it exists: just written). */
export async function shareById(db: Db, id: number): Promise<Share> {
  const found = await findShare(db, id);
  if (!found) throw notFound('Share');
  const { ownerId: _ownerId, ...share } = found;
  return share;
}

/** The user's access to the collection or tag, a 404 when they have none. */
export async function accessTo(db: Db, userId: number, kind: ShareKind, id: number) {
  const found = kind === 'collection' ? await collectionAccess(db, userId, id) : await tagAccess(db, userId, id);
  if (!found?.access) throw notFound(kind === 'collection' ? 'Collection' : 'Tag');
  return found as { access: Access; ownerId: number };
}

/** The owner's or an admin's hold on the collection or tag: a 404 without access, a 403 with another role. */
export async function managerOf(db: Db, userId: number, kind: ShareKind, id: number) {
  const found = await accessTo(db, userId, kind, id);
  if (!atLeast(found.access, 'admin'))
    throw new ApiError(403, `Only the owner and admins manage who has access to this ${kind}`);
  return found;
}

async function userBy(db: Db, column: 'username' | 'email', value: string) {
  const [row] = await selectRows<{ id: number; email: string }>(
    db,
    column === 'username'
      ? sql`SELECT id, email FROM users WHERE lower(username) = lower(${value})`
      : sql`SELECT id, email FROM users WHERE lower(email) = lower(${value})`,
  );
  return row ? { id: Number(row.id), email: row.email } : null;
}

/**
 * Invites a person by username or email. By username, the account must exist; by email, the address is kept until
 * its account claims it (invitations.ts), so the answer never says whether an address has an account.
 */
export async function invite(
  db: Db,
  actorId: number,
  kind: ShareKind,
  resourceId: number,
  input: InviteInput,
): Promise<Share> {
  const { ownerId } = await managerOf(db, actorId, kind, resourceId);
  if (input.teamId !== undefined) return inviteTeam(db, actorId, kind, resourceId, input.teamId, input.role);
  const field = input.username !== undefined ? 'data.username' : 'data.email';
  const target =
    input.username !== undefined
      ? await userBy(db, 'username', input.username)
      : await userBy(db, 'email', input.email as string);
  if (input.username !== undefined && !target)
    throw fieldError(400, field, `No account has the username ${input.username}`);
  if (target?.id === actorId) throw fieldError(400, field, 'You cannot invite yourself');
  if (target?.id === ownerId) throw fieldError(400, field, `This is the ${kind}'s owner, who has access already`);
  const column = sql.raw(kind === 'collection' ? 'collection_id' : 'tag_id');
  const principal =
    input.username !== undefined
      ? { column: sql.raw('invitee_user_id'), value: target?.id ?? null }
      : { column: sql.raw('invitee_email'), value: (input.email as string).toLowerCase() };
  // One principal has one share of a resource: a declined one is invited again, a pending or accepted one is a 409.
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO shares (kind, ${column}, ${principal.column}, role, status, invited_by)
      VALUES (${kind}, ${resourceId}, ${principal.value}, ${input.role}, 'pending', ${actorId})
      ON CONFLICT (${column}, ${principal.column}) WHERE ${column} IS NOT NULL AND ${principal.column} IS NOT NULL
      DO UPDATE SET role = excluded.role, status = 'pending', invited_by = excluded.invited_by,
        created_at = now(), responded_at = NULL
      WHERE shares.status = 'declined'
      RETURNING id`,
  );
  if (!row) throw fieldError(409, field, `${input.username ?? input.email} is invited to this ${kind} already`);
  return shareById(db, Number(row.id));
}

/**
 * Shares a collection or tag with a team the actor is in: its members have the access while they are members (the
 * access rule reads their memberships, migration 0037). The team needs no acceptance: the share is accepted at once.
 */
async function inviteTeam(
  db: Db,
  actorId: number,
  kind: ShareKind,
  resourceId: number,
  teamId: number,
  role: ShareRole,
) {
  const [inTeam] = await selectRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM trove_user_teams(${actorId}) t(id) WHERE t.id = ${teamId}`,
  );
  if (!inTeam) throw fieldError(400, 'data.teamId', 'You can share only with a team you are in');
  const column = sql.raw(kind === 'collection' ? 'collection_id' : 'tag_id');
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO shares (kind, ${column}, invitee_team_id, role, status, invited_by, responded_at)
      VALUES (${kind}, ${resourceId}, ${teamId}, ${role}, 'accepted', ${actorId}, now())
      ON CONFLICT (${column}, invitee_team_id) WHERE ${column} IS NOT NULL AND invitee_team_id IS NOT NULL DO NOTHING
      RETURNING id`,
  );
  if (!row) throw fieldError(409, 'data.teamId', `This ${kind} is shared with that team already`);
  return shareById(db, Number(row.id));
}

/** The shares of the collection or tag itself (not those of the collections above it). */
export async function listShares(db: Db, actorId: number, kind: ShareKind, resourceId: number): Promise<Share[]> {
  await managerOf(db, actorId, kind, resourceId);
  const column = sql.raw(kind === 'collection' ? 's.collection_id' : 's.tag_id');
  const rows = await selectRows<Raw>(
    db,
    sql`SELECT ${SHARE_SELECT} FROM ${SHARE_FROM} WHERE ${column} = ${resourceId} ORDER BY s.created_at, s.id`,
  );
  return rows.map(shareFromRaw);
}

/** A share the actor manages (owner or admin of its collection or tag), else a 404 or 403. */
async function managedShare(db: Db, actorId: number, shareId: number) {
  const share = await findShare(db, shareId);
  // a team's memberships are managed by the team's routes (server/features/teams/members.ts)
  if (!share || share.kind === 'team') throw notFound('Share');
  await managerOf(db, actorId, share.kind, share.resourceId);
  return share;
}

export async function changeRole(db: Db, actorId: number, shareId: number, role: ShareRole): Promise<Share> {
  const share = await managedShare(db, actorId, shareId);
  if (share.kind === 'team') throw notFound('Share');
  await db.execute(sql`UPDATE shares SET role = ${role} WHERE id = ${shareId}`);
  return shareById(db, shareId);
}

/**
 * Removes a share: the invitee's own (leaving, or dropping an invitation), or one the actor manages. Its access ends
 * with the row: every request reads the rows again.
 */
export async function removeShare(db: Db, actorId: number, shareId: number, kind?: ShareKind, resourceId?: number) {
  const share = await findShare(db, shareId);
  if (!share || (kind && (share.kind !== kind || share.resourceId !== resourceId))) throw notFound('Share');
  if (share.invitee.id !== actorId) await managedShare(db, actorId, shareId);
  await db.execute(sql`DELETE FROM shares WHERE id = ${shareId}`);
  return { id: shareId };
}

/** The actor's own share of a collection (to leave it), a 404 when they have none. */
export async function ownShareOf(db: Db, actorId: number, collectionId: number): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM shares WHERE collection_id = ${collectionId} AND invitee_user_id = ${actorId}`,
  );
  if (!row) throw notFound('Share');
  return Number(row.id);
}

/** Sets whether a sub-collection follows its parents' shares (owner and admins). */
export async function setSharesInherit(db: Db, actorId: number, collectionId: number, inherit: boolean) {
  await managerOf(db, actorId, 'collection', collectionId);
  await db.execute(sql`UPDATE collections SET shares_inherit = ${inherit} WHERE id = ${collectionId}`);
  return { id: collectionId, sharesInherit: inherit };
}
