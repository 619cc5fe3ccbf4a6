import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { startPeriodic } from '../../periodic';

/**
 * What an open library reads to learn that the libraries it shows changed: the change rows the triggers of migration
 * 0058 add (server/db/schema/library.ts libraryChanges), per owner, as a count and the newest id. A change that commits
 * adds a row, so it shows as a count that grew or a newest id that moved, whatever the order transactions commit in;
 * the trim below keeps each collection's newest row, so it only lowers a count under the same newest id, which is not
 * taken for a change.
 */
export type LibraryMarks = ReadonlyMap<number, { count: number; newest: number }>;

/**
 * The marks of what `userId` reads: all of their own library; of an owner who shares a tag with them (`tagOwners`), all
 * of it, as a tagged gem may be in any collection; of the others, the collections shared with them, so that a member is
 * never told when the rest of an owner's library changes.
 */
export async function libraryMarks(db: Db, userId: number, tagOwners: readonly number[]): Promise<LibraryMarks> {
  const rows = await selectRows<{ owner_id: number; count: number | string; newest: number | string }>(
    db,
    sql`SELECT owner_id, count(*) AS count, max(id) AS newest FROM library_changes
      WHERE owner_id = ${userId} OR owner_id = ANY(${`{${tagOwners.join(',')}}`}::int[])
        OR collection_id IN (SELECT a.collection_id FROM trove_collection_access(${userId}) a)
      GROUP BY owner_id`,
  );
  return new Map(rows.map((row) => [Number(row.owner_id), { count: Number(row.count), newest: Number(row.newest) }]));
}

/** Whether a library changed from `before` to `after` (a trim alone is no change). */
export function librariesChanged(before: LibraryMarks, after: LibraryMarks): boolean {
  for (const [owner, mark] of after) {
    const was = before.get(owner);
    if (!was || mark.newest !== was.newest || mark.count > was.count) return true;
  }
  return false;
}

/** How often the change rows are trimmed to the newest of each owner's collection (and of their tags). */
export const LIBRARY_CHANGES_TRIM_MS = 60 * 60 * 1000;

/** The change rows but the newest of each owner's collection, deleted every LIBRARY_CHANGES_TRIM_MS; as startPeriodic. */
export function startLibraryChangesTrim(db: Db) {
  return startPeriodic(
    async () => {
      await db.execute(sql`DELETE FROM library_changes c USING (
        SELECT owner_id, collection_id, max(id) AS newest FROM library_changes GROUP BY owner_id, collection_id) n
        WHERE c.owner_id = n.owner_id AND c.collection_id IS NOT DISTINCT FROM n.collection_id AND c.id < n.newest`);
    },
    LIBRARY_CHANGES_TRIM_MS,
    'trimming the library change rows',
  );
}
