import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DuplicateGroup, DuplicateGroupPage } from '../../../lib/api/duplicates-contract';
import type { Db } from '../../db/client';
import { gems, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { Author } from '../../db/types';
import { pickGemSummaries, toAuthoredSummary, withTags } from '../gems/gems';

/** The owner's saves outside the trash: what the Duplicates view groups (chats and the panel's kinds are not saves). */
export const ownSaves = (ownerId: number) =>
  and(eq(gems.ownerId, ownerId), isNull(gems.deletedAt), sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`);

/**
 * A page of the owner's duplicate groups: saves sharing a canonical address, two or more, the group with the latest
 * save first; each group's gems oldest first with their tags. One pass over the owner's gems (bench numbers in the
 * README's Duplicates).
 */
export async function listDuplicates(
  db: Db,
  author: Author,
  { page, perPage }: { page: number; perPage: number },
): Promise<DuplicateGroupPage> {
  // One aggregation answers the page and the number of groups (a second one for the count took as long again).
  const keys = await db
    .select({ key: gems.canonicalUrl, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(gems)
    .where(ownSaves(author.id))
    .groupBy(gems.canonicalUrl)
    .having(sql`count(*) > 1`)
    .orderBy(sql`max(${gems.id}) desc`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = keys[0]?.total ?? (page > 1 ? await countGroups(db, author.id) : 0);
  if (!keys.length) return { data: [], total, page, perPage };
  const rows = await withTags(
    db,
    pickGemSummaries(db).where(
      and(
        ownSaves(author.id),
        inArray(
          gems.canonicalUrl,
          keys.map((k) => k.key),
        ),
      ),
    ),
    'oldest',
  ).execute();
  const groups = new Map<string, DuplicateGroup>(keys.map((k) => [k.key, { canonicalUrl: k.key, gems: [] }]));
  for (const row of rows) groups.get(row.picked.canonicalUrl)?.gems.push(toAuthoredSummary(author)(row));
  return { data: [...groups.values()], total, page, perPage };
}

/** How many groups the owner has (for a page past the last, which has no row to carry the count). */
async function countGroups(db: Db, ownerId: number): Promise<number> {
  const groups = db
    .select({ key: gems.canonicalUrl })
    .from(gems)
    .where(ownSaves(ownerId))
    .groupBy(gems.canonicalUrl)
    .having(sql`count(*) > 1`)
    .as('groups');
  const [row] = await db.select({ n: count() }).from(groups);
  return row?.n ?? 0;
}
