import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { gems } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { collectionSubtreeCondition, readableGemsCondition } from '../sharing/access';

/**
 * A collection's gems as chat context: those under it (its sub-collections' too) the user may read, newest first, at
 * most `limit`, and how many there are in all. Chats are left out; the rule is server/features/sharing/access.ts's.
 */
export async function collectionContextGems(
  db: Db,
  userId: number,
  collectionId: number,
  limit: number,
): Promise<{ rows: GemRow[]; total: number }> {
  const picked = await selectRows<{ id: number; total: number | string }>(
    db,
    sql`SELECT g.id, count(*) OVER () AS total FROM gems g
      WHERE ${collectionSubtreeCondition(collectionId)} AND ${readableGemsCondition(userId)}
        AND g.media_type <> 'AIChat' AND g.deleted_at IS NULL
      ORDER BY g.created_at DESC, g.id DESC LIMIT ${limit}`,
  );
  const ids = picked.map((row) => Number(row.id));
  const found = ids.length ? await db.select().from(gems).where(inArray(gems.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  return {
    rows: ids.map((id) => byId.get(id)).filter((row): row is GemRow => row !== undefined),
    total: Number(picked[0]?.total ?? 0),
  };
}
