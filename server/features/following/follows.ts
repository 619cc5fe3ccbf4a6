import { and, eq, sql } from 'drizzle-orm';
import { parseFollowAddress as parseAddress } from '../../../lib/api/follow-address';
import type { Follow, FollowedGem } from '../../../lib/api/following-contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { selectRows } from '../../db/rows';
import { follows, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import { findPublicCollection } from '../public-pages/public-collection';
import { publicPageUrl } from '../public-pages/publishing';

/**
 * Following public collections. A follow shows only while its collection is public: every read joins
 * `collections.is_public`, so an unpublication ends what followers see at once, without touching their rows.
 */

const NOT_PUBLIC = 'No public collection there';
const timestamp = (value: Date | string) => new Date(value).toISOString();

interface FollowRow {
  collection_id: number;
  name: string;
  owner_id: number;
  username: string;
  is_public: boolean;
  public_slug: string | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  new_count: number | string;
}

/**
 * The gems a follower's public collections show: each followed public collection and, when it publishes them, its
 * sub-collections (a collection reached from two follows counts once, under the first). Columns: id, root.
 */
const reach = (userId: number) => sql`reach(root, id) AS (
    SELECT c.id, c.id FROM follows f JOIN collections c ON c.id = f.collection_id
    WHERE f.user_id = ${userId} AND c.is_public
    UNION ALL
    SELECT r.root, c.id FROM reach r JOIN collections root ON root.id = r.root AND root.include_subcollections
    JOIN collections c ON c.parent_id = r.id),
  followed(root, id) AS (SELECT DISTINCT ON (id) root, id FROM reach ORDER BY id, root)`;

const shownGem = sql`g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}`;

/** The follower's follows, newest first, each with its count of gems new since last seen (0 while not public). */
export async function listFollows(db: Db, userId: number, base: string): Promise<Follow[]> {
  const rows = await selectRows<FollowRow>(
    db,
    sql`WITH RECURSIVE ${reach(userId)},
    fresh AS (
      SELECT fl.root, count(*) AS n FROM followed fl JOIN gems g ON g.collection_id = fl.id
      JOIN follows f ON f.user_id = ${userId} AND f.collection_id = fl.root
      WHERE ${shownGem} AND g.created_at > f.last_seen_at GROUP BY fl.root)
    SELECT f.collection_id, c.name, c.owner_id, u.username, c.is_public, c.public_slug, f.created_at, f.last_seen_at,
      coalesce(fresh.n, 0) AS new_count
    FROM follows f JOIN collections c ON c.id = f.collection_id JOIN users u ON u.id = c.owner_id
    LEFT JOIN fresh ON fresh.root = f.collection_id
    WHERE f.user_id = ${userId} ORDER BY f.created_at DESC, f.id DESC`,
  );
  return rows.map((r) => ({
    collectionId: r.collection_id,
    name: r.name,
    owner: { id: r.owner_id, username: r.username },
    isPublic: r.is_public,
    url: r.is_public && r.public_slug ? publicPageUrl(base, r.username, r.public_slug) : null,
    followedAt: timestamp(r.created_at),
    lastSeenAt: timestamp(r.last_seen_at),
    newCount: Number(r.new_count),
  }));
}

/** The public collection `address` names (`username/slug` or its page's address), or a 404. */
async function collectionAt(db: Db, address: string): Promise<number> {
  const parts = parseAddress(address);
  const found = parts && (await findPublicCollection(db, parts.username, parts.slug));
  if (!found) throw new ApiError(404, NOT_PUBLIC);
  return found.id;
}

async function publicCollection(db: Db, id: number): Promise<{ id: number; ownerId: number }> {
  const [row] = await selectRows<{ id: number; owner_id: number }>(
    db,
    sql`SELECT id, owner_id FROM collections WHERE id = ${id} AND is_public`,
  );
  if (!row) throw new ApiError(404, NOT_PUBLIC);
  return { id: row.id, ownerId: row.owner_id };
}

export async function follow(
  db: Db,
  userId: number,
  input: { collectionId?: number; address?: string },
): Promise<number> {
  const id = input.collectionId ?? (await collectionAt(db, input.address ?? ''));
  const collection = await publicCollection(db, id);
  const field = input.collectionId === undefined ? 'data.address' : 'data.collectionId';
  if (collection.ownerId === userId)
    throw fieldError(400, field, 'This collection is yours: there is nothing to follow');
  try {
    await db.insert(follows).values({ userId, collectionId: id });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(409, field, 'You follow this collection already');
    throw error;
  }
  return id;
}

export async function unfollow(db: Db, userId: number, collectionId: number): Promise<void> {
  const gone = await db
    .delete(follows)
    .where(and(eq(follows.userId, userId), eq(follows.collectionId, collectionId)))
    .returning({ id: follows.id });
  if (gone.length === 0) throw new ApiError(404, 'You do not follow this collection');
}

/** The database's clock, as the gems' `created_at` is: "new" compares the two. */
export async function markSeen(db: Db, userId: number): Promise<Date> {
  const [row] = await selectRows<{ now: Date | string }>(
    db,
    sql`UPDATE follows SET last_seen_at = now() WHERE user_id = ${userId} RETURNING now() AS now`,
  );
  return new Date(row?.now ?? Date.now());
}

interface GemRow {
  id: number;
  title: string;
  url: string;
  description: string;
  created_at: Date | string;
  is_new: boolean;
  collection_id: number;
  collection_name: string;
  owner_id: number;
  username: string;
  total: number | string;
}

/** A page of the followed public collections' gems, newest first. */
export async function followedGems(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ data: FollowedGem[]; total: number }> {
  const rows = await selectRows<GemRow>(
    db,
    sql`WITH RECURSIVE ${reach(userId)}
    SELECT g.id, g.title, g.url, g.description, g.created_at, g.created_at > f.last_seen_at AS is_new,
      c.id AS collection_id, c.name AS collection_name, u.id AS owner_id, u.username, count(*) OVER () AS total
    FROM followed fl JOIN gems g ON g.collection_id = fl.id
    JOIN follows f ON f.user_id = ${userId} AND f.collection_id = fl.root
    JOIN collections c ON c.id = fl.root JOIN users u ON u.id = c.owner_id
    WHERE ${shownGem}
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? await countFollowedGems(db, userId) : 0;
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      url: r.url,
      description: r.description,
      createdAt: timestamp(r.created_at),
      isNew: r.is_new,
      collection: { id: r.collection_id, name: r.collection_name },
      owner: { id: r.owner_id, username: r.username },
    })),
  };
}

async function countFollowedGems(db: Db, userId: number): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(
    db,
    sql`WITH RECURSIVE ${reach(userId)}
    SELECT count(*) AS n FROM followed fl JOIN gems g ON g.collection_id = fl.id WHERE ${shownGem}`,
  );
  return Number(row?.n ?? 0);
}
