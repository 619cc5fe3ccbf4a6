import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

/**
 * Whether this database holds vectors: the `embedding` column is pgvector's type, which migration 0041 makes only
 * where the extension could be created (PGlite always; PostgreSQL where pgvector is installed). Asked once per
 * database; an operator who installs pgvector later recreates the table (README, "Search by meaning").
 */
const known = new WeakMap<Db, Promise<boolean>>();

export function vectorsAvailable(db: Db): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = selectRows<{ type: string }>(
      db,
      sql`SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
        WHERE a.attrelid = 'gem_passage_vectors'::regclass AND a.attname = 'embedding'`,
    ).then(([row]) => row?.type === 'vector');
    known.set(db, answer);
  }
  return answer;
}

/** A vector as pgvector's text form; a provider's NaN or infinity would be refused by the database, so it is here. */
export function vectorLiteral(vector: readonly number[]): string {
  if (!vector.length || !vector.every(Number.isFinite)) throw new Error('an embedding must be finite numbers');
  return `[${vector.join(',')}]`;
}
