import { sql } from 'drizzle-orm';
import type { AccessChange, AccessResource } from '../../../lib/api/access-events-contract';
import type { ShareRole } from '../../../lib/api/sharing-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { ROLE_RANK } from '../sharing/access';

/** The collections and tags shared with a user (accepted, their own shares and their teams'), by `kind:id`. */
export type ReadableShares = ReadonlyMap<string, AccessResource>;

const ROLE_OF_RANK = new Map(Object.entries(ROLE_RANK).map(([role, rank]) => [rank, role as ShareRole]));

/**
 * What reaches the user through shares, read from the same trove_user_shares (migration 0042) the access rule starts
 * from (server/features/sharing/access.ts): a handful of rows by index, so asking it twice a second is cheap. A
 * sub-collection's reach follows from its share, so the shares themselves are what is compared.
 */
export async function readableShares(db: Db, userId: number): Promise<ReadableShares> {
  const rows = await selectRows<{
    kind: 'collection' | 'tag';
    id: number;
    name: string;
    owner_id: number;
    username: string;
    rank: number;
  }>(
    db,
    sql`SELECT s.kind, coalesce(c.id, t.id) AS id, coalesce(c.name, t.name) AS name, u.id AS owner_id, u.username,
        max(trove_role_rank(s.role))::integer AS rank
      FROM trove_user_shares(${userId}) s
      LEFT JOIN collections c ON c.id = s.collection_id
      LEFT JOIN tags t ON t.id = s.tag_id
      JOIN users u ON u.id = coalesce(c.owner_id, t.owner_id)
      GROUP BY s.kind, coalesce(c.id, t.id), coalesce(c.name, t.name), u.id, u.username`,
  );
  const shares = new Map<string, AccessResource>();
  for (const row of rows) {
    const role = ROLE_OF_RANK.get(Number(row.rank));
    if (!role) continue;
    shares.set(`${row.kind}:${row.id}`, {
      kind: row.kind,
      id: Number(row.id),
      name: row.name,
      owner: { id: Number(row.owner_id), username: row.username },
      role,
    });
  }
  return shares;
}

/** What changed from `before` to `after`; null when nothing did (a rename is not a change of access). */
export function accessChange(before: ReadableShares, after: ReadableShares): AccessChange | null {
  const lost = [...before].filter(([key]) => !after.has(key)).map(([, resource]) => resource);
  const gained = [...after].filter(([key]) => !before.has(key)).map(([, resource]) => resource);
  const changed = [...after]
    .filter(([key, resource]) => before.has(key) && before.get(key)?.role !== resource.role)
    .map(([, resource]) => resource);
  return lost.length || gained.length || changed.length ? { lost, gained, changed } : null;
}
