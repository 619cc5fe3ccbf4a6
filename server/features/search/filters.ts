import { type SQL, sql } from 'drizzle-orm';
import type { filterFields, termTypes } from '../../../lib/api/search-contract';
import { type QueryNode, type SearchQuery, type SearchSort, searchKinds } from '../../../lib/search/ast';
import { defaultSortDir } from '../../../lib/search/syntax';
import type { Db } from '../../db/client';
import { intArrayLiteral, selectRows } from '../../db/rows';
import { fieldError, notFound } from '../../http/errors';
import { collectionAccess, subtreeIdsSql, tagAccess } from '../sharing/access';
import { parseQueryText } from './parse-query';
import { hasTag } from './paths';
import { getSavedSearch } from './saved-searches';

/**
 * The spec's search parameters around the query text: its one-field filter (filterby/queryby/termtype), a saved
 * search to AND with (userQueryId) and the sort that overrides the query's (sortby/orderby).
 */

export type FilterField = (typeof filterFields)[number];
export type TermType = (typeof termTypes)[number];

const TEXT_FIELDS: Partial<Record<FilterField, SQL>> = {
  title: sql.raw('lower(g.title)'),
  description: sql.raw('lower(g.description)'),
  url: sql.raw('lower(g.url)'),
  notes: sql.raw('lower(g.notes)'),
  text: sql.raw(`lower(coalesce(g.text, ''))`),
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter on a text field, compared without case. */
function textFilter(field: SQL, term: TermType, value: string): SQL {
  const v = value.toLowerCase();
  switch (term) {
    case 'contains':
      return sql`${field} LIKE ${`%${escapeLike(v)}%`}`;
    case 'doesNotContain':
      return sql`${field} NOT LIKE ${`%${escapeLike(v)}%`}`;
    case 'is':
      return sql`${field} = ${v}`;
    case 'isNot':
      return sql`${field} <> ${v}`;
    case 'startsWith':
      return sql`${field} LIKE ${`${escapeLike(v)}%`}`;
  }
}

/** A filter on a qualifier (tag, collection, type, site) as a node of the query tree. */
function qualifierNode(field: FilterField, value: string, valueField: string): QueryNode {
  switch (field) {
    case 'tag':
      return { kind: 'tag', path: value };
    case 'collection':
      return { kind: 'collection', path: value };
    case 'site':
      return { kind: 'site', host: value };
    default: {
      const kind = searchKinds.find((k) => k === value.toLowerCase());
      if (!kind) throw fieldError(400, valueField, `Must be one of ${searchKinds.join(', ')} when filtering by type`);
      return { kind: 'type', value: kind };
    }
  }
}

export interface SearchParams {
  q: string;
  filter?: { field: FilterField; value: string; term: TermType; valueField: string };
  userQueryId?: number;
  sort?: { key?: SearchSort['key']; dir?: SearchSort['dir'] };
}

const both = (a: QueryNode | null, b: QueryNode | null): QueryNode | null =>
  a && b ? { kind: 'and', children: [a, b] } : (a ?? b);

/** The query the parameters ask, and the SQL conditions that go beside it (text-field filters). */
export async function resolveSearch(
  db: Db,
  userId: number,
  params: SearchParams,
): Promise<{ query: SearchQuery; extra: SQL[] }> {
  let query = parseQueryText(params.q, 'q');
  if (params.userQueryId !== undefined) {
    const saved = parseQueryText((await getSavedSearch(db, userId, params.userQueryId)).query, 'userQueryId');
    query = { root: both(query.root, saved.root), sort: query.sort ?? saved.sort };
  }
  const extra: SQL[] = [];
  const filter = params.filter;
  if (filter) {
    const text = TEXT_FIELDS[filter.field];
    if (text) extra.push(textFilter(text, filter.term, filter.value.trim()));
    else {
      const node = qualifierNode(filter.field, filter.value.trim(), filter.valueField);
      const negated = filter.term === 'isNot' || filter.term === 'doesNotContain';
      query = { ...query, root: both(query.root, negated ? { kind: 'not', child: node } : node) };
    }
  }
  if (params.sort?.key || params.sort?.dir) {
    const key = params.sort.key ?? query.sort?.key ?? 'relevance';
    const dir = params.sort.dir ?? defaultSortDir[key];
    query = { ...query, sort: { key, dir } };
  }
  return { query, extra };
}

/** The ids of collection or tag `id` and of those under it. */
async function subtreeIds(db: Db, table: 'collections' | 'tags', id: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(db, subtreeIdsSql(table, id));
  return rows.map((row) => Number(row.id));
}

/**
 * Gems in collection `id` or under it, the user's own or shared with them (a 404 when they have no access). The
 * collections are read first and written into the statement, so the planner knows how many gems they hold and can
 * intersect them with the words' index: as a semi-join on the tree it read every gem with the words first (a member's
 * search in one shared collection at 100,000 gems: p99 177 → 44 ms on PGlite; bench/RESULTS.md).
 */
export async function collectionSubtree(db: Db, userId: number, id: number): Promise<SQL> {
  if (!(await collectionAccess(db, userId, id))?.access) throw notFound('Collection');
  return sql`g.collection_id = ANY(${intArrayLiteral(await subtreeIds(db, 'collections', id))})`;
}

/**
 * Gems carrying tag `id` or one of its sub-tags, the user's own or shared with them (a 404 when they have no access);
 * the tags are read first, as collectionSubtree's collections.
 */
export async function tagSubtree(db: Db, userId: number, id: number): Promise<SQL> {
  if (!(await tagAccess(db, userId, id))?.access) throw notFound('Tag');
  return hasTag(intArrayLiteral(await subtreeIds(db, 'tags', id)));
}

/** The conditions of a search's `collectionId` and `tagId` (each checked for access). */
export async function scopeConditions(
  db: Db,
  userId: number,
  scope: { collectionId?: number; tagId?: number },
): Promise<SQL[]> {
  const extra: SQL[] = [];
  if (scope.collectionId !== undefined) extra.push(await collectionSubtree(db, userId, scope.collectionId));
  if (scope.tagId !== undefined) extra.push(await tagSubtree(db, userId, scope.tagId));
  return extra;
}
