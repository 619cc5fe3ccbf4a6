import { type SQL, sql } from 'drizzle-orm';
import { intArrayLiteral } from '../../db/rows';
import type { Reach } from '../sharing/access';

/**
 * The user's tags and collections as paths: the recursive CTEs that name them (read by query-names.ts, facets and
 * groups), each one with those above it, a path as queries write it, and a tag's gems.
 */

/**
 * `tag_paths` / `collection_paths`: each tag or collection the user names, with its path, lower case (`path`, what
 * queries match) and as named (`display`), and the ids on that path from its top to itself (`up`: what a count at a
 * tag or collection adds up, upAncestors). The user's own are named from their root; those others shared with them
 * (`shared`: the reach's ids, sharing/access.ts) from the highest one they can read, as "Shared with me" lists them,
 * so a member's `collection:"Recipes/Desserts"` names the shared Recipes' Desserts and a sub-collection set not to
 * follow its parent's shares is neither named nor shows its name.
 */
const pathsCte = (
  name: 'tag_paths' | 'collection_paths',
  table: 'tags' | 'collections',
  userId: number,
  shared: readonly number[] = [],
) => {
  const ids = intArrayLiteral(shared);
  const [top, below] = shared.length
    ? [
        sql`(t.owner_id = ${userId} AND t.parent_id IS NULL
          OR t.id = ANY(${ids}) AND (t.parent_id IS NULL OR NOT t.parent_id = ANY(${ids})))`,
        sql`(t.owner_id = ${userId} OR t.id = ANY(${ids}))`,
      ]
    : [sql`t.owner_id = ${userId} AND t.parent_id IS NULL`, sql`t.owner_id = ${userId}`];
  return sql`
  ${sql.raw(name)}(id, path, display, up) AS (
    SELECT t.id, lower(t.name), t.name, ARRAY[t.id] FROM ${sql.raw(table)} t WHERE ${top}
    UNION ALL
    SELECT t.id, p.path || '/' || lower(t.name), p.display || '/' || t.name, p.up || t.id
    FROM ${sql.raw(table)} t JOIN ${sql.raw(name)} p ON t.parent_id = p.id
    WHERE ${below}
  )`;
};

/** Both path CTEs for the user, with the tags and collections of their `reach` (the asker's, readerReach). */
export const userPathsCtes = (userId: number, reach?: Reach): SQL[] => [
  pathsCte('tag_paths', 'tags', userId, reach?.tags),
  pathsCte('collection_paths', 'collections', userId, reach?.collections),
];

/**
 * FROM items pairing each tag or collection `p` of a path CTE with itself and each one above it (`a`): a join on ids,
 * where one on "equal path or a path under it" compared every tag with every other (seconds at 2,000 tags).
 */
export const upAncestors = (paths: 'tag_paths' | 'collection_paths') =>
  sql.raw(`${paths} p CROSS JOIN LATERAL unnest(p.up) AS u(up_id) JOIN ${paths} a ON a.id = u.up_id`);

export const normalPath = (path: string) =>
  path
    .toLowerCase()
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');

/**
 * A gem has one of the tags `tagIds` (an int[]): the overlap of its row's tag ids (migration 0056, kept from gem_tags
 * by triggers), which an index answers as a bitmap the planner intersects with the words' and the other conditions'.
 * As an array of the tag's gems read in the statement it was planned as 10 gems (bench/RESULTS.md, "Tags as a
 * semi-join"); as a semi-join on gem_tags, a frequent word was checked in the document of every gem of a collection or
 * of the owner before the join kept the tag's (`use two tag:dev-two`: 1.9 s on PostgreSQL, 1.7 s on PGlite).
 */
export const hasTag = (tagIds: SQL) => sql`g.tag_ids && ${tagIds}`;
