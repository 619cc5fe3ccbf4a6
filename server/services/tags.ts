import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tags } from '../db/schema';
import { ApiError } from '../http/errors';

type TagRow = typeof tags.$inferSelect;

export const listTags = (db: Db, ownerId: number) =>
  db
    .select()
    .from(tags)
    .where(eq(tags.ownerId, ownerId))
    .orderBy(asc(sql`lower(${tags.name})`));

async function assertOwnedTag(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.ownerId, ownerId)));
  if (!row) throw new ApiError(404, 'Tag not found');
}

/** Finds the user's tag of that name (case-insensitive) or creates it: creating a tag twice is harmless. */
export async function findOrCreateTag(
  db: Db,
  ownerId: number,
  name: string,
  parentId?: number | null,
): Promise<TagRow> {
  if (parentId) await assertOwnedTag(db, ownerId, parentId);
  const [created] = await db
    .insert(tags)
    .values({ ownerId, name, parentId: parentId ?? null })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.ownerId, ownerId), sql`lower(${tags.name}) = ${name.toLowerCase()}`));
  if (!existing) throw new Error('tag vanished between insert and select');
  return existing;
}

/** Turns a request's tag references (ids of the user's tags, or names) into tag rows, creating named ones. */
export async function resolveTagRefs(db: Db, ownerId: number, refs: (number | string)[]): Promise<TagRow[]> {
  const ids = [...new Set(refs.filter((r): r is number => typeof r === 'number'))];
  const names = [...new Set(refs.filter((r): r is string => typeof r === 'string'))];
  const byId = ids.length
    ? await db
        .select()
        .from(tags)
        .where(and(eq(tags.ownerId, ownerId), inArray(tags.id, ids)))
    : [];
  if (byId.length !== ids.length) {
    const missing = ids.filter((id) => !byId.some((t) => t.id === id));
    throw new ApiError(400, `tags: unknown tag id ${missing.join(', ')}`, {
      errors: [{ path: 'tags', message: `Unknown tag id ${missing.join(', ')}` }],
    });
  }
  const byName: TagRow[] = [];
  for (const name of names) byName.push(await findOrCreateTag(db, ownerId, name));
  const unique = new Map([...byId, ...byName].map((t) => [t.id, t]));
  return [...unique.values()];
}
