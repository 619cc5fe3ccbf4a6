import { sql } from 'drizzle-orm';
import type { Share, SharedItem, SharedSubCollection, ShareRole } from '../../../lib/api/sharing-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findShare, type ShareKind, shareById } from './shares';

/** The invitee's side: invitations to their account or address, accepting and declining, what is shared with them. */

type Raw = Record<string, unknown>;

/**
 * Invitations sent to the user's email address become their account's (one they have by username already wins);
 * one for a resource they own is dropped. Run before the user's invitations are read or answered.
 */
export async function claimEmailInvitations(db: Db, userId: number): Promise<void> {
  await db.execute(sql`WITH me AS (SELECT lower(email) AS email FROM users WHERE id = ${userId}),
    mine AS (SELECT s.id, s.collection_id, s.tag_id, s.team_id FROM shares s, me WHERE s.invitee_email = me.email),
    dropped AS (DELETE FROM shares d USING mine m WHERE d.id = m.id AND (
      EXISTS (SELECT 1 FROM shares o WHERE o.invitee_user_id = ${userId}
        AND o.collection_id IS NOT DISTINCT FROM m.collection_id AND o.tag_id IS NOT DISTINCT FROM m.tag_id
        AND o.team_id IS NOT DISTINCT FROM m.team_id)
      OR EXISTS (SELECT 1 FROM collections c WHERE c.id = m.collection_id AND c.owner_id = ${userId})
      OR EXISTS (SELECT 1 FROM tags t WHERE t.id = m.tag_id AND t.owner_id = ${userId})
      OR EXISTS (SELECT 1 FROM teams tm WHERE tm.id = m.team_id AND tm.owner_id = ${userId})) RETURNING d.id)
    UPDATE shares SET invitee_user_id = ${userId}, invitee_email = NULL
    WHERE id IN (SELECT id FROM mine) AND id NOT IN (SELECT id FROM dropped)`);
}

/** The user's own share (as invitee: a collection's, a tag's or a team's), or a 404. */
async function ownShare(db: Db, userId: number, shareId: number): Promise<Share> {
  await claimEmailInvitations(db, userId);
  const share = await findShare(db, shareId);
  if (!share || share.invitee.id !== userId) throw notFound('Invitation');
  return share;
}

export async function respond(db: Db, userId: number, shareId: number, answer: 'accepted' | 'declined') {
  await ownShare(db, userId, shareId);
  await db.execute(sql`UPDATE shares SET status = ${answer}, responded_at = now() WHERE id = ${shareId}`);
  return shareById(db, shareId);
}

/**
 * The user's shares of one status, each with its collection or tag, owner, and the gems the user can read there
 * (a collection's with its sub-collections', as the access rule reaches them; a tag's with its sub-tags').
 */
async function sharedItems(db: Db, userId: number, status: 'pending' | 'accepted'): Promise<SharedItem[]> {
  const rows = await selectRows<Raw>(
    db,
    // accepted: the user's own shares and their teams' (trove_user_shares, migration 0037); pending: their own
    sql`WITH RECURSIVE mine AS (${
      status === 'accepted'
        ? sql`SELECT s.* FROM trove_user_shares(${userId}) s`
        : sql`SELECT s.* FROM shares s WHERE s.invitee_user_id = ${userId} AND s.status = 'pending' AND s.kind <> 'team'`
    }),
      down(share_id, id) AS (
        SELECT m.id, m.collection_id FROM mine m WHERE m.collection_id IS NOT NULL
        UNION SELECT d.share_id, c.id FROM down d JOIN collections c ON c.parent_id = d.id WHERE c.shares_inherit),
      tag_down(share_id, id) AS (
        SELECT m.id, m.tag_id FROM mine m WHERE m.tag_id IS NOT NULL
        UNION SELECT d.share_id, t.id FROM tag_down d JOIN tags t ON t.parent_id = d.id),
      -- each item's path as the search names it (search/paths.ts): up through the ones above it the user reads
      readable AS (SELECT a.collection_id AS id FROM trove_collection_access(${userId}) a),
      readable_tags AS (SELECT a.tag_id AS id FROM trove_tag_access(${userId}) a),
      up(share_id, parent_id, path) AS (
        SELECT m.id, c.parent_id, c.name::text FROM mine m JOIN collections c ON c.id = m.collection_id
        UNION ALL SELECT u.share_id, c.parent_id, c.name || '/' || u.path
        FROM up u JOIN collections c ON c.id = u.parent_id WHERE c.id IN (SELECT id FROM readable)),
      tag_up(share_id, parent_id, path) AS (
        SELECT m.id, t.parent_id, t.name::text FROM mine m JOIN tags t ON t.id = m.tag_id
        UNION ALL SELECT u.share_id, t.parent_id, t.name || '/' || u.path
        FROM tag_up u JOIN tags t ON t.id = u.parent_id WHERE t.id IN (SELECT id FROM readable_tags))
      SELECT m.id AS share_id, m.kind, coalesce(m.collection_id, m.tag_id) AS id, coalesce(c.name, t.name) AS name,
        o.id AS owner_id, o.username AS owner_username, m.role, m.status, m.invited_by, b.username AS invited_by_username,
        m.created_at,
        (SELECT p.path FROM (SELECT path FROM up WHERE share_id = m.id UNION ALL SELECT path FROM tag_up
          WHERE share_id = m.id) p ORDER BY length(p.path) DESC LIMIT 1) AS path,
        CASE WHEN m.kind = 'collection' THEN
          (SELECT count(*) FROM gems g WHERE g.collection_id IN (SELECT d.id FROM down d WHERE d.share_id = m.id)
            AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES})
        ELSE
          (SELECT count(DISTINCT gt.gem_id) FROM gem_tags gt JOIN gems g ON g.id = gt.gem_id
            WHERE gt.tag_id IN (SELECT d.id FROM tag_down d WHERE d.share_id = m.id)
            AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES})
        END AS gems_count
      FROM mine m LEFT JOIN collections c ON c.id = m.collection_id LEFT JOIN tags t ON t.id = m.tag_id
      JOIN users o ON o.id = coalesce(c.owner_id, t.owner_id) LEFT JOIN users b ON b.id = m.invited_by
      WHERE o.id <> ${userId}
      ORDER BY m.created_at DESC, m.id DESC`,
  );
  const items = rows.map((raw) => ({
    shareId: Number(raw.share_id),
    kind: raw.kind as ShareKind,
    id: Number(raw.id),
    name: String(raw.name),
    path: String(raw.path),
    owner: { id: Number(raw.owner_id), username: String(raw.owner_username) },
    role: raw.role as ShareRole,
    status: raw.status as SharedItem['status'],
    invitedBy:
      raw.invited_by === null ? null : { id: Number(raw.invited_by), username: String(raw.invited_by_username) },
    gemsCount: Number(raw.gems_count),
    createdAt: new Date(String(raw.created_at)).toISOString(),
  }));
  const collections = status === 'accepted' ? items.filter((item) => item.kind === 'collection') : [];
  const subs = await subCollectionsOf(db, collections);
  return items.map((item) => ({ ...item, subCollections: (item.kind === 'collection' && subs.get(item.id)) || [] }));
}

/**
 * The sub-collections under each of `roots` (shared collections) that their shares reach (not one set to stop the
 * shares above it, nor any under that one), as sharedItems lists them: each after its parent, a level by name, with its
 * path and the gems the user can read there and below.
 */
async function subCollectionsOf(
  db: Db,
  roots: readonly { id: number; path: string }[],
): Promise<Map<number, SharedSubCollection[]>> {
  if (!roots.length) return new Map();
  const rows = await selectRows<{ root: number; id: number; name: string; parent_id: number; own: number | string }>(
    db,
    sql`WITH RECURSIVE down(root, id, name, parent_id) AS (
        SELECT c.id, c.id, c.name, c.parent_id FROM collections c
        WHERE c.id = ANY(${`{${roots.map((root) => root.id).join(',')}}`}::int[])
        UNION ALL SELECT d.root, c.id, c.name, c.parent_id FROM down d JOIN collections c ON c.parent_id = d.id
        WHERE c.shares_inherit)
      SELECT d.root, d.id, d.name, d.parent_id, (SELECT count(*) FROM gems g WHERE g.collection_id = d.id
        AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}) AS own
      FROM down d WHERE d.id <> d.root`,
  );
  // each root's rows by parent (a collection shared twice over is walked under each of its roots)
  const children = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.root}:${row.parent_id}`;
    const siblings = children.get(key);
    if (siblings) siblings.push(row);
    else children.set(key, [row]);
  }
  const walk = (rootId: number, parentId: number, path: string): SharedSubCollection[] =>
    (children.get(`${rootId}:${parentId}`) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name) || Number(a.id) - Number(b.id))
      .flatMap((row) => {
        const below = walk(rootId, Number(row.id), `${path}/${row.name}`);
        const direct = below.filter((sub) => sub.parentId === Number(row.id));
        const gemsCount = Number(row.own) + direct.reduce((sum, sub) => sum + sub.gemsCount, 0);
        return [{ id: Number(row.id), name: row.name, parentId, path: `${path}/${row.name}`, gemsCount }, ...below];
      });
  return new Map(roots.map((root) => [root.id, walk(root.id, root.id, root.path)]));
}

export async function pendingInvitations(db: Db, userId: number): Promise<SharedItem[]> {
  await claimEmailInvitations(db, userId);
  return sharedItems(db, userId, 'pending');
}

export async function sharedWithMe(db: Db, userId: number) {
  await claimEmailInvitations(db, userId);
  const items = await sharedItems(db, userId, 'accepted');
  return {
    collections: items.filter((item) => item.kind === 'collection'),
    tags: items.filter((item) => item.kind === 'tag'),
  };
}
