import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DuplicateGroup, DuplicateGroupPage } from '../../../lib/api/duplicates-contract';
import type { Db } from '../../db/client';
import { gems, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { Author } from '../../db/types';
import { pickGems, toAuthoredGem, withTags } from '../gems/gems';

/** The owner's saves outside the trash: what the Duplicates view groups (chats and the panel's kinds are not saves). */
export const ownSaves = (ownerId: number) =>
  and(eq(gems.ownerId, ownerId), isNull(gems.deletedAt), sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`);

/**
 * A page of the owner's duplicate groups: saves sharing a canonical address, two or more, the group with the latest
 * save first; each group's gems oldest first with their tags. Grouped on gems_owner_canonical_url_idx.
 */
export async function listDuplicates(
  db: Db,
  author: Author,
  { page, perPage }: { page: number; perPage: number },
): Promise<DuplicateGroupPage> {
  // A builder each: drizzle's builders change in place, and the count must not get the page's limit.
  const grouped = () =>
    db
      .select({ key: gems.canonicalUrl })
      .from(gems)
      .where(ownSaves(author.id))
      .groupBy(gems.canonicalUrl)
      .having(sql`count(*) > 1`)
      .$dynamic();
  const keys = await grouped()
    .orderBy(sql`max(${gems.id}) desc`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(grouped().as('groups'));
  if (!keys.length) return { data: [], total: total?.n ?? 0, page, perPage };
  const rows = await withTags(
    db,
    pickGems(db).where(
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
  for (const row of rows) groups.get(row.picked.canonicalUrl)?.gems.push(toAuthoredGem(author)(row));
  return { data: [...groups.values()], total: total?.n ?? 0, page, perPage };
}
