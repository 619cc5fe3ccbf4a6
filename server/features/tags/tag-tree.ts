import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TagWithPath } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { gemTags, NOT_SAVE_TYPES, tags } from '../../db/schema';
import type { TagRow, Tx } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { withPaths } from './tag-paths';
import { listTags } from './tags';

/**
 * Nested tags: a tag's parent makes its path (`parent/child`). Tag names stay unique per user whatever their parent
 * (the index tags_owner_name_idx), so a path names each of its tags once. Changes lock all of the user's tags (in id
 * order) for their transaction, so two moves at once never make a loop.
 */

function lockTags(tx: Tx, ownerId: number) {
  return tx.select().from(tags).where(eq(tags.ownerId, ownerId)).orderBy(asc(tags.id)).for('update');
}

/** Ids of `rootId` and every tag below it (each visited once, so a loop ends the walk). */
function subtree(all: readonly Pick<TagRow, 'id' | 'parentId'>[], rootId: number) {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++)
    for (const t of all) if (t.parentId === ids[i] && !ids.includes(t.id)) ids.push(t.id);
  return ids;
}

async function answer(db: Db, ownerId: number, ids: readonly number[]): Promise<TagWithPath[]> {
  const all = await listTags(db, ownerId);
  return withPaths(
    ids.flatMap((id) => all.find((t) => t.id === id) ?? []),
    all,
  );
}

/** Renames, moves (never under itself or a tag below it) or colours a tag. */
export async function updateTag(
  db: Db,
  ownerId: number,
  id: number,
  input: { tag?: string; parentId?: number | null; color?: string | null },
) {
  await db.transaction(async (tx) => {
    const all = await lockTags(tx, ownerId);
    if (!all.some((t) => t.id === id)) throw notFound('Tag');
    if (input.parentId !== undefined && input.parentId !== null) {
      if (!all.some((t) => t.id === input.parentId)) throw fieldError(404, 'data.parentId', 'Tag not found');
      if (subtree(all, id).includes(input.parentId)) {
        const message = 'A tag cannot be moved under itself or a tag below it';
        throw fieldError(400, 'data.parentId', message, `parentId: ${message}`);
      }
    }
    if (input.tag !== undefined) {
      const taken = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(eq(tags.ownerId, ownerId), sql`lower(${tags.name}) = lower(${input.tag})`, sql`${tags.id} <> ${id}`),
        );
      if (taken.length) throw new ApiError(409, `You have a tag named "${input.tag}" already: merge the two instead`);
    }
    const changes = { name: input.tag, parentId: input.parentId, color: input.color };
    if (Object.values(changes).some((value) => value !== undefined))
      await tx.update(tags).set(changes).where(eq(tags.id, id));
  });
  const [tag] = await answer(db, ownerId, [id]);
  return tag as TagWithPath;
}

/** Sets the colours of several tags, all or none. */
export async function setTagColors(db: Db, ownerId: number, entries: readonly { id: number; color: string | null }[]) {
  await db.transaction(async (tx) => {
    const all = await lockTags(tx, ownerId);
    const missing = entries.findIndex((entry) => !all.some((t) => t.id === entry.id));
    if (missing >= 0) throw fieldError(404, `data.${missing}.id`, `tag ${entries[missing]?.id} not found`);
    for (const entry of entries) await tx.update(tags).set({ color: entry.color }).where(eq(tags.id, entry.id));
  });
  return answer(db, ownerId, [...new Set(entries.map((entry) => entry.id))]);
}

/**
 * Deletes tags, all or none (`field` names the request's list for a 404): their gems lose them, and the tags right
 * below a deleted one move up to its nearest ancestor that stays.
 */
export async function deleteTags(db: Db, ownerId: number, ids: readonly number[], field?: string) {
  return db.transaction(async (tx) => {
    const all = await lockTags(tx, ownerId);
    const byId = new Map(all.map((t) => [t.id, t]));
    const missing = ids.findIndex((id) => !byId.has(id));
    if (missing >= 0)
      throw field ? fieldError(404, `${field}.${missing}`, `tag ${ids[missing]} not found`) : notFound('Tag');
    const doomed = new Set(ids);
    for (const tag of all) {
      if (doomed.has(tag.id) || tag.parentId === null || !doomed.has(tag.parentId)) continue;
      let parent: number | null = tag.parentId;
      const seen = new Set<number>();
      while (parent !== null && doomed.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        parent = byId.get(parent)?.parentId ?? null;
      }
      await tx
        .update(tags)
        .set({ parentId: parent !== null && doomed.has(parent) ? null : parent })
        .where(eq(tags.id, tag.id));
    }
    await tx.delete(tags).where(and(eq(tags.ownerId, ownerId), inArray(tags.id, [...doomed])));
    return doomed.size;
  });
}

/** Deletes all of the user's tags, if they have `expected` of them (the number they saw); otherwise a 409. */
export async function deleteAllTags(db: Db, ownerId: number, expected: number) {
  return db.transaction(async (tx) => {
    const all = await lockTags(tx, ownerId);
    if (all.length !== expected)
      throw new ApiError(409, `You have ${all.length} tags, not ${expected}: nothing was deleted`);
    await tx.delete(tags).where(eq(tags.ownerId, ownerId));
    return all.length;
  });
}

/** Merges tag `id` into `into`: its gems get `into`, its child tags move under `into`, and it is deleted. */
export async function mergeTags(db: Db, ownerId: number, id: number, into: number) {
  if (id === into) throw fieldError(400, 'into', 'A tag cannot be merged into itself');
  await db.transaction(async (tx) => {
    const all = await lockTags(tx, ownerId);
    const source = all.find((t) => t.id === id);
    const target = all.find((t) => t.id === into);
    if (!source || !target) throw notFound('Tag');
    // a target below the source first moves up to the source's place, so its new children make no loop
    if (subtree(all, id).includes(into))
      await tx.update(tags).set({ parentId: source.parentId }).where(eq(tags.id, into));
    await tx.execute(sql`
      INSERT INTO gem_tags (gem_id, tag_id) SELECT gem_id, ${into}::int FROM gem_tags WHERE tag_id = ${id}
      ON CONFLICT DO NOTHING`);
    await tx
      .update(tags)
      .set({ parentId: into })
      .where(and(eq(tags.parentId, id), sql`${tags.id} <> ${into}`));
    await tx.delete(gemTags).where(eq(gemTags.tagId, id));
    await tx.delete(tags).where(eq(tags.id, id));
  });
  const [tag] = await answer(db, ownerId, [into]);
  return tag as TagWithPath;
}

/** A page of the tags right under `parentId` (the user's), by name. */
export async function subTags(
  db: Db,
  ownerId: number,
  parentId: number,
  { page, perPage }: { page: number; perPage: number },
) {
  const all = await listTags(db, ownerId);
  if (!all.some((t) => t.id === parentId)) throw notFound('Tag');
  const where = and(eq(tags.ownerId, ownerId), eq(tags.parentId, parentId));
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(tags).where(where);
  return { data: withPaths(rows, all), total: total?.n ?? 0, page, perPage };
}

interface TagCountRow {
  id: number;
  parent_id: number | null;
  count: number;
  deep: number;
}

/**
 * Each tag's saves, alone and with every tag below it (a gem counted once however many of those tags it has), in one
 * statement; trashed gems and chats are not counted.
 */
export async function tagCounts(db: Db, ownerId: number) {
  const notSaves = sql.raw(NOT_SAVE_TYPES.map((type) => `'${type}'`).join(', '));
  const rows = await selectRows<TagCountRow>(
    db,
    sql`
    WITH RECURSIVE t AS (SELECT id, parent_id FROM tags WHERE owner_id = ${ownerId}),
    closure(ancestor, id) AS (
      SELECT id, id FROM t
      UNION
      SELECT closure.ancestor, t.id FROM closure JOIN t ON t.parent_id = closure.id
    ),
    live AS MATERIALIZED (
      SELECT gt.gem_id, gt.tag_id FROM gem_tags gt JOIN gems g ON g.id = gt.gem_id
      WHERE g.owner_id = ${ownerId} AND g.deleted_at IS NULL AND g.media_type NOT IN (${notSaves})
    ),
    own AS (SELECT tag_id, count(*)::int AS n FROM live GROUP BY tag_id),
    deep AS (
      SELECT closure.ancestor, count(DISTINCT live.gem_id)::int AS n
      FROM closure JOIN live ON live.tag_id = closure.id GROUP BY closure.ancestor
    )
    SELECT t.id, t.parent_id, coalesce(own.n, 0) AS count, coalesce(deep.n, 0) AS deep
    FROM t LEFT JOIN own ON own.tag_id = t.id LEFT JOIN deep ON deep.ancestor = t.id
    ORDER BY t.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    count: Number(row.count),
    countWithDescendants: Number(row.deep),
  }));
}
