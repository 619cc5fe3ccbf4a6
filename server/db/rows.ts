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
