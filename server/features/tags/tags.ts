import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Tag } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { tags } from '../../db/schema';
import type { TagRow } from '../../db/types';
import { ApiError, fieldError } from '../../http/errors';

/** The fields of a tag row that its answer shows. */
export type TagFields = Pick<TagRow, 'id' | 'name' | 'parentId' | 'color' | 'createdAt'>;

export const toTag = (row: TagFields): Tag => ({
  id: row.id,
  tag: row.name,
  parentId: row.parentId,
  color: row.color,
  createdAt: row.createdAt.toISOString(),
});

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
    .where(and(eq(tags.ownerId, ownerId), sql`lower(${tags.name}) = lower(${name})`));
  if (!existing) throw new Error('tag vanished between insert and select');
  return existing;
}

/**
 * Tag names are told apart by the database's lower(), as the unique index tags_owner_name_idx is: never
 * by JavaScript's toLowerCase, which folds some letters differently (Greek final sigma, dotted İ), so a
 * name JavaScript folds otherwise would never be found again.
 */
const foldNamesQuery = preparedFor((db) =>
  db
    .select({ key: sql<string>`lower(w.name)` })
    .from(sql`unnest(${sql.placeholder('names')}::text[]) with ordinality as w(name, i)`)
    .orderBy(sql`w.i`)
    .prepare('fold_tag_names'),
);

/**
 * A request's tag references: ids of the user's tags, and names by their database key (lower(name);
 * one name per key, its first spelling kept).
 */
async function splitRefs(db: Db, refs: (number | string)[]) {
  const ids = [...new Set(refs.filter((r): r is number => typeof r === 'number'))];
  const spelt = refs.filter((r): r is string => typeof r === 'string');
  const names = new Map<string, string>();
  if (!spelt.length) return { ids, names };
  // A path `a/b` names its last tag (tag names are unique per user whatever their parent).
  const leaves = spelt.map((name) => tagPathNames(name, 'tags').at(-1) as string);
  const keys = await foldNamesQuery(db).execute({ names: leaves });
  for (const [index, { key }] of keys.entries()) if (!names.has(key)) names.set(key, spelt[index] as string);
  return { ids, names };
}

export interface FoundTags {
  /** The user's tags the references name, in name order (the order a gem lists them in). */
  rows: TagRow[];
  unknownIds: number[];
  /** Names (or paths `a/b`, see createTagPath) whose tag the user has not got yet. */
  missingNames: string[];
}

/** The user's tags of these ids or keys (see splitRefs), with their key, in name order. */
const tagRefsQuery = preparedFor((db) =>
  db
    .select({ ...getTableColumns(tags), key: sql<string>`lower(${tags.name})` })
    .from(tags)
    .where(
      and(
        eq(tags.ownerId, sql.placeholder('ownerId')),
        or(
          sql`${tags.id} = any(${sql.placeholder('ids')}::int[])`,
          sql`lower(${tags.name}) = any(${sql.placeholder('keys')}::text[])`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
    .prepare('find_tag_refs'),
);

/** Looks up a request's tag references, creating nothing (names cost one more query: their folding, see splitRefs). */
export async function findTagRefs(db: Db, ownerId: number, refs: (number | string)[]): Promise<FoundTags> {
  const { ids, names } = await splitRefs(db, refs);
  if (!ids.length && !names.size) return { rows: [], unknownIds: [], missingNames: [] };
  const found = await tagRefsQuery(db).execute({ ownerId, ids, keys: [...names.keys()] });
  const keys = new Set(found.map((t) => t.key));
  return {
    rows: found.map(({ key: _, ...row }) => row),
    unknownIds: ids.filter((id) => !found.some((t) => t.id === id)),
    missingNames: [...names].filter(([key]) => !keys.has(key)).map(([, name]) => name),
  };
}

/** The tag names of a path `a/b` (one name without a slash), trimmed; none is a 400 naming `field`. */
export function tagPathNames(path: string, field: string): string[] {
  const names = path
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) throw fieldError(400, field, 'This field is required.');
  return names;
}

/**
 * A path `a/b` (`POST /api/tags`, and tag names sent with a gem): finds or makes `a` (under `parentId` when given),
 * then `b` under it. A tag that exists already keeps its place; the last one is the answer.
 */
export async function createTagPath(
  db: Db,
  ownerId: number,
  path: string,
  parentId?: number | null,
  field = 'data.tag',
): Promise<TagRow> {
  let parent = parentId ?? null;
  let tag: TagRow | undefined;
  for (const name of tagPathNames(path, field)) {
    tag = await findOrCreateTag(db, ownerId, name, parent);
    parent = tag.id;
  }
  return tag as TagRow;
}

/**
 * Creates the user's tags of these names (paths `a/b` nest, see createTagPath); a name that exists meanwhile is left
 * as it is. In name order, so that two requests creating the same tags never wait on each other crosswise.
 */
export async function createTags(db: Db, ownerId: number, names: string[]): Promise<void> {
  if (!names.length) return;
  const sorted = [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const plain = sorted.filter((name) => !name.includes('/'));
  if (plain.length)
    await db
      .insert(tags)
      .values(plain.map((name) => ({ ownerId, name: name.trim() })))
      .onConflictDoNothing();
  for (const path of sorted.filter((name) => name.includes('/'))) await createTagPath(db, ownerId, path, null, 'tags');
}

export function unknownTagIds(missing: number[]): ApiError {
  const ids = missing.join(', ');
  return fieldError(400, 'tags', `Unknown tag id ${ids}`, `tags: unknown tag id ${ids}`);
}

/**
 * Turns a request's tag references (ids of the user's tags, or names) into tag rows in name order, creating named ones.
 */
export async function resolveTagRefs(db: Db, ownerId: number, refs: (number | string)[]): Promise<TagRow[]> {
  const found = await findTagRefs(db, ownerId, refs);
  if (found.unknownIds.length) throw unknownTagIds(found.unknownIds);
  return found.missingNames.length ? createMissingTags(db, ownerId, refs, found.missingNames) : found.rows;
}

/** Creates the missing names, then finds every reference again (now all there). */
export async function createMissingTags(
  db: Db,
  ownerId: number,
  refs: (number | string)[],
  missingNames: string[],
): Promise<TagRow[]> {
  await createTags(db, ownerId, missingNames);
  const again = await findTagRefs(db, ownerId, refs);
  if (again.missingNames.length || again.unknownIds.length) throw new Error('a tag vanished between insert and select');
  return again.rows;
}
