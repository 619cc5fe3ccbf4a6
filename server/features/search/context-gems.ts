import { sql } from 'drizzle-orm';
import type { SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { readerReach } from '../sharing/access';
import { withClause } from './compile';
import { compileSearchFor } from './compile-for';
import { pageCte } from './search';

/**
 * The gems a search gives a chat as context (the library's "Chat about these results"): the ids of the first `limit`
 * in the query's own order (relevance with words, newest without, or its `sort:`), and how many match in all. Who may
 * read them is the search's rule (readable.ts), so a chat never reads a gem the library would not list. One statement.
 */
export async function searchContextGemIds(
  db: Db,
  userId: number,
  query: SearchQuery,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const c = await compileSearchFor(db, query, userId, { reach: await readerReach(db, userId) });
  const rows = await selectRows<{ id: number; total: number | string }>(
    db,
    sql`${withClause(c, [pageCte(c, limit)])} SELECT page.id, page.total FROM page JOIN gems g ON g.id = page.id ORDER BY ${c.order}`,
  );
  return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]?.total ?? 0) };
}
