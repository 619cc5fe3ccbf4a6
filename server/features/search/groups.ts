import { type SQL, sql } from 'drizzle-orm';
import type { Gem } from '../../../lib/api/contract';
import type { GemGroup, GroupKey } from '../../../lib/api/search-contract';
import type { SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { readerReach } from '../sharing/access';
import { type CompiledSearch, withClause } from './compile';
import { compileSearchFor } from './compile-for';
import { gemAuthorJoinSql, gemFromRaw, gemSelectSql } from './gem-rows';
import { gemHostSql, gemKindSql } from './readable';
import type { Paging } from './search';

/**
 * A query's gems grouped by collection (its own), tag (each of its own tags; none: the null key), type or site (none:
 * the null key), in one statement: the groups of the page with their totals, their first gems in the query's order,
 * and with a second key their sub-groups' totals.
 */

/** Per key: how a matched gem (`h`, joined to `g`) gets it (a join for tags), and how a key is named. */
const KEYS: Record<GroupKey, { join: (alias: string) => SQL; key: (alias: string) => SQL; name: (key: SQL) => SQL }> = {
  collection: {
    join: () => sql``,
    key: () => sql`g.collection_id::text`,
    name: (key) => sql`(SELECT p.display FROM collection_paths p WHERE p.id::text = ${key})`,
  },
  tag: {
    join: (alias) => sql`LEFT JOIN gem_tags ${sql.raw(alias)} ON ${sql.raw(alias)}.gem_id = g.id`,
    key: (alias) => sql`${sql.raw(alias)}.tag_id::text`,
    name: (key) => sql`(SELECT p.display FROM tag_paths p WHERE p.id::text = ${key})`,
  },
  type: { join: () => sql``, key: () => sql`${gemKindSql}`, name: (key) => key },
  site: { join: () => sql``, key: () => sql`nullif(${gemHostSql}, '')`, name: (key) => key },
};

const keyValue = (by: GroupKey, key: unknown) =>
  key === null || key === undefined ? null : by === 'collection' || by === 'tag' ? Number(key) : String(key);

export interface GroupArgs {
  groupBy: GroupKey;
  subGroupBy?: GroupKey;
  perGroup: number;
  order: 'asc' | 'desc' | 'count';
}

export async function groupGems(
  db: Db,
  userId: number,
  query: SearchQuery,
  args: GroupArgs,
  { page, perPage }: Paging,
  extra: SQL[] = [],
): Promise<{ groups: GemGroup[]; total: number }> {
  const c = await compileSearchFor(db, query, userId, { extra, paths: true, reach: await readerReach(db, userId) });
  const first = KEYS[args.groupBy];
  const groupOrder =
    args.order === 'count'
      ? sql`total DESC, name ASC NULLS LAST`
      : sql.raw(`lower(name) ${args.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, key`);
  const own = [
    sql`hits AS MATERIALIZED (SELECT g.id, ${c.rank} AS rank FROM gems g WHERE ${c.where})`,
    sql`keyed AS MATERIALIZED (
      SELECT DISTINCT h.id, ${first.key('k1')} AS key FROM hits h JOIN gems g ON g.id = h.id ${first.join('k1')})`,
    sql`grouped AS (SELECT key, count(*) AS total FROM keyed GROUP BY key)`,
    sql`named AS (SELECT key, total, coalesce(${first.name(sql`key`)}, '') AS name FROM grouped)`,
    sql`paged AS (SELECT *, row_number() OVER (ORDER BY ${groupOrder}) AS ord FROM named
      ORDER BY ${groupOrder} LIMIT ${perPage} OFFSET ${(page - 1) * perPage})`,
    sql`firsts AS (
      SELECT k.key, k.id, row_number() OVER (PARTITION BY k.key ORDER BY ${c.order}) AS pos
      FROM keyed k JOIN paged p ON p.key IS NOT DISTINCT FROM k.key JOIN hits h ON h.id = k.id JOIN gems g ON g.id = k.id)`,
  ];
  const second = args.subGroupBy ? KEYS[args.subGroupBy] : undefined;
  const subGroups = second
    ? sql`(SELECT coalesce(json_agg(json_build_object('key', s.key, 'name', s.name, 'total', s.total)
          ORDER BY s.total DESC, s.name), '[]'::json) FROM (
        SELECT ${second.key('k2')} AS key, coalesce(${second.name(second.key('k2'))}, '') AS name, count(DISTINCT k.id) AS total
        FROM keyed k JOIN gems g ON g.id = k.id ${second.join('k2')}
        WHERE k.key IS NOT DISTINCT FROM p.key GROUP BY 1, 2) s)`
    : sql`NULL::json`;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`${withClause(c, own)}
    SELECT p.key AS group_key, p.name AS group_name, p.total AS group_total, p.ord AS group_ord,
      (SELECT count(*) FROM named) AS group_count, ${subGroups} AS sub_groups, x.*
    FROM paged p LEFT JOIN LATERAL (
      SELECT f.pos AS gem_pos, ${gemSelectSql} FROM firsts f JOIN gems g ON g.id = f.id ${gemAuthorJoinSql}
      WHERE f.key IS NOT DISTINCT FROM p.key AND f.pos <= ${args.perGroup}
    ) x ON true
    ORDER BY p.ord, x.gem_pos`,
  );
  const groups: GemGroup[] = [];
  let current: GemGroup | undefined;
  let currentOrd: unknown;
  for (const raw of rows) {
    if (!current || raw.group_ord !== currentOrd) {
      currentOrd = raw.group_ord;
      const subs = typeof raw.sub_groups === 'string' ? JSON.parse(raw.sub_groups) : raw.sub_groups;
      current = {
        key: keyValue(args.groupBy, raw.group_key),
        name: String(raw.group_name ?? ''),
        total: Number(raw.group_total),
        gems: [] as Gem[],
        ...(args.subGroupBy && subs
          ? {
              subGroups: (subs as { key: unknown; name: string; total: unknown }[]).map((s) => ({
                key: keyValue(args.subGroupBy as GroupKey, s.key),
                name: s.name,
                total: Number(s.total),
              })),
            }
          : {}),
      };
      groups.push(current);
    }
    if (raw.gem_pos !== null && raw.gem_pos !== undefined) current.gems.push(gemFromRaw(raw, userId));
  }
  const total = rows.length ? Number(rows[0]?.group_count) : page > 1 ? await countGroups(db, c, args) : 0;
  return { groups, total };
}

/** How many groups the compiled query's gems make (for a page past the last, which has no row to carry it). */
async function countGroups(db: Db, c: CompiledSearch, args: GroupArgs) {
  const first = KEYS[args.groupBy];
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`${withClause(c)} SELECT count(DISTINCT ${first.key('k1')}) + max(CASE WHEN ${first.key('k1')} IS NULL THEN 1 ELSE 0 END) AS n
    FROM gems g ${first.join('k1')} WHERE ${c.where}`,
  );
  return Number(row?.n ?? 0);
}
