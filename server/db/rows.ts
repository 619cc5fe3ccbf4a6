import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a raw SQL query (for what the query builder cannot say, such as a query over a
 * function's rows). The drivers answer differently: PGlite `{ rows }`, postgres.js the rows themselves.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Many values as one parameter (a JSON document), the same on PGlite and PostgreSQL whatever the values hold. */
export const jsonParam = (values: unknown) => sql`${JSON.stringify(values)}::jsonb`;

/**
 * `ids` written into the statement as an int[] literal. Not a parameter each (a thousand of those cost more to bind
 * than the query to run), and not one array parameter either: a prepared statement run often gets a generic plan, and
 * for "any of these ids" PGlite's then loops over an index once per id (~10× slower), nor can the planner then count
 * what the ids select. The ids are the database's own integers, checked as such.
 */
export const intArrayLiteral = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new Error('ids must be integers');
  return sql.raw(`'{${ids.join(',')}}'::int[]`);
};
