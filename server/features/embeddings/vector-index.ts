import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The nearest-neighbour indexes of the passages' vectors. The `embedding` column has no fixed dimension (each model
 * has its own), and an HNSW index needs one, so there is one partial index per dimension in use, on the column cast
 * to that dimension: `((embedding::vector(N))) WHERE vector_dims(embedding) = N`. It is made when a model of a new
 * dimension is chosen (embedding-model.ts; migration 0046 for the dimensions chosen before it). A query uses it only
 * when it orders by the same expression and repeats the same condition, with N written into the statement (a
 * parameter would not prove the index's condition): see `nearestOrderSql`.
 *
 * pgvector indexes `vector` up to 2,000 dimensions and `halfvec` up to 4,000; larger models have no index and are
 * ranked by reading every vector, as before.
 */

const VECTOR_MAX = 2_000;
const HALFVEC_MAX = 4_000;

/** The indexed type for `dimensions`, or null when pgvector cannot index that many. */
function indexedType(dimensions: number): 'vector' | 'halfvec' | null {
  if (!Number.isInteger(dimensions) || dimensions < 1) return null;
  return dimensions <= VECTOR_MAX ? 'vector' : dimensions <= HALFVEC_MAX ? 'halfvec' : null;
}

/** The passage's vector (alias `v`) as the index of its dimension holds it. */
const castSql = (dimensions: number): SQL => {
  const type = indexedType(dimensions) ?? 'vector';
  return sql.raw(`(v.embedding::${type}(${dimensions}))`);
};

/** The vectors of one size: the index's condition, word for word. */
export const dimensionSql = (dimensions: number): SQL =>
  sql.raw(`vector_dims(v.embedding) = ${Math.trunc(dimensions)}`);

/** Cosine distance (0: same direction) of the passage (alias `v`) to `vector`, in the form its index orders by. */
export const nearestOrderSql = (dimensions: number, vector: string): SQL => {
  const type = sql.raw(`${indexedType(dimensions) ?? 'vector'}(${Math.trunc(dimensions)})`);
  return sql`(${castSql(dimensions)} <=> ${vector}::${type})`;
};

/**
 * Makes the index of `dimensions` if it is missing. Two servers choosing a new dimension at once take turns on an
 * advisory lock, so the second finds the index made.
 */
export async function ensureVectorIndex(db: Db, dimensions: number): Promise<void> {
  const type = indexedType(dimensions);
  if (!type) return;
  const name = `gem_passage_vectors_${type}_${dimensions}_idx`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('trove_vector_index'))`);
    await tx.execute(
      sql.raw(`CREATE INDEX IF NOT EXISTS ${name} ON gem_passage_vectors
        USING hnsw ((embedding::${type}(${dimensions})) ${type}_cosine_ops) WHERE vector_dims(embedding) = ${dimensions}`),
    );
  });
}

/**
 * Runs `query` with the index scans set to go on past their first candidates when the statement's other conditions
 * (another user's passages, another model's, gems out of reach) leave too few: pgvector's iterative scan, in relaxed
 * order (the callers order the rows again). Local to the transaction.
 */
export async function withNearestScan<T>(db: Db, query: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
    return query(tx as unknown as Db);
  });
}
