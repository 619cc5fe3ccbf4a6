import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonParam, selectRows } from '../../db/rows';
import type { Reach } from '../sharing/access';
import { userPathsCtes } from './paths';

/**
 * What in a query names some of the asker's tags or collections (their own, and with their `reach` those shared with
 * them, as paths.ts names them), read before the statement (readQueryNames):
 * - a free word or phrase names tags (plain: stemmed; prefix: the last word; phrase): tags are not in the gems'
 *   documents (migration 0026), so a word also finds the gems of the tags it names, by their name or a parent's;
 * - a `tag:` path (`tag`, normalised) names the tags whose path holds it as whole segments, and those under them;
 * - a `collection:` path (`collection`, normalised, from the top) names that collection and those under it.
 */
export interface QueryName {
  text: string;
  form: 'plain' | 'prefix' | 'phrase' | 'tag' | 'collection';
}

/** The ids each name names, by nameKey; a name naming nothing is absent. */
export type NamedIds = ReadonlyMap<string, readonly number[]>;

export const nameKey = (name: QueryName) => `${name.form}:${name.text}`;

export const NO_NAMED_IDS: NamedIds = new Map();

/**
 * The ids of the tags and collections the query names, read before the search is compiled (compileSearch's `named`),
 * so they are written into the statement and the planner can count their gems: a word naming no tag then has no tag
 * arm at all. Read inside the statement, as arrays it could not size, a word naming tags with tens of thousands of
 * gems ("one" and the tags `*-one`) was planned as a few gems, each then checked for the other words in its page text
 * (1.2 s on PGlite), a `tag:` of 6,667 gems as 53,502, and a `collection:` as any size, so every gem holding the words
 * was read first (bench/RESULTS.md).
 */
export async function readQueryNames(
  db: Db,
  userId: number,
  names: readonly QueryName[],
  reach?: Reach,
): Promise<NamedIds> {
  if (!names.length) return NO_NAMED_IDS;
  const keyed = (forms: (form: QueryName['form']) => boolean) =>
    jsonParam(names.filter((n) => forms(n.form)).map((n) => ({ ...n, key: nameKey(n) })));
  const rows = await selectRows<{ key: string; ids: number[] }>(
    db,
    sql`WITH RECURSIVE ${sql.join(userPathsCtes(userId, reach), sql`, `)}
      SELECT n.key, array_agg(p.id ORDER BY p.id) AS ids
      FROM jsonb_to_recordset(${keyed((form) => form !== 'collection')}) AS n(key text, text text, form text)
      JOIN tag_paths p ON CASE n.form
        WHEN 'tag' THEN strpos('/' || p.path || '/', '/' || n.text || '/') > 0
        ELSE to_tsvector('english', replace(p.display, '/', ' ')) @@ CASE n.form
          WHEN 'prefix' THEN to_tsquery('english', n.text || ':*')
          WHEN 'phrase' THEN phraseto_tsquery('english', n.text)
          ELSE plainto_tsquery('english', n.text) END END
      GROUP BY n.key
      UNION ALL
      SELECT n.key, array_agg(p.id ORDER BY p.id) AS ids
      FROM jsonb_to_recordset(${keyed((form) => form === 'collection')}) AS n(key text, text text)
      JOIN collection_paths p ON p.path = n.text OR left(p.path, length(n.text) + 1) = n.text || '/'
      GROUP BY n.key`,
  );
  return new Map(rows.map((row) => [row.key, row.ids.map(Number)]));
}
