import type { Db } from './client';

/**
 * A drizzle prepared query (placeholders for its values), built once per database and then only
 * executed: drizzle does not build its SQL again, and on PostgreSQL postgres.js keeps it as a named
 * prepared statement on each connection, so Postgres neither parses nor plans it again. (On PGlite every
 * query runs prepared anyway, see pglite-prepared.ts.)
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
