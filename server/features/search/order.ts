import { type SQL, sql } from 'drizzle-orm';
import type { SearchSort } from '../../../lib/search/ast';
import { gemHostSql } from './readable';

/**
 * The columns of `g` that orderOf(sort) reads besides the rank and the id: a statement that orders matched rows
 * (search.ts) selects these, and only these, so the rows it dedupes, counts and sorts stay narrow.
 */
export function orderColumnsOf(sort: SearchSort): SQL {
  switch (sort.key) {
    case 'relevance':
    case 'added':
      return sql`g.created_at`;
    case 'updated':
      return sql`g.updated_at`;
    case 'title':
      return sql`g.title_sort`;
    case 'site':
      return sql`${gemHostSql}, g.created_at`;
    case 'manual':
      return sql`g.sort_key, g.created_at`;
  }
}

/** ORDER BY items for a sort, over `g` and `rank`, ending with the id so pages never overlap. */
export function orderOf(sort: SearchSort, hasRank: boolean): SQL {
  const dir = sql.raw(sort.dir === 'asc' ? 'ASC' : 'DESC');
  switch (sort.key) {
    case 'relevance':
      return hasRank ? sql`rank ${dir}, g.created_at DESC, g.id DESC` : sql`g.created_at ${dir}, g.id ${dir}`;
    case 'added':
      return sql`g.created_at ${dir}, g.id ${dir}`;
    case 'updated':
      return sql`g.updated_at ${dir}, g.id ${dir}`;
    case 'title':
      return sql`g.title_sort ${dir}, g.id ${dir}`;
    case 'site':
      return sql`${gemHostSql} ${dir}, g.created_at DESC, g.id DESC`;
    case 'manual':
      // Fractional keys compare byte by byte, whatever the database's collation. Gems not placed yet (saved or moved
      // in since) come first, newest first, as the collection's page lists them and as placing one keys them
      // (server/features/gems/gem-order.ts): they stay where they are shown when the next placement keys them.
      return sql`g.sort_key COLLATE "C" ${dir} NULLS ${sql.raw(sort.dir === 'asc' ? 'FIRST' : 'LAST')}, g.created_at DESC, g.id DESC`;
  }
}
