import { sql } from 'drizzle-orm';
import { embedTexts } from '../../ai/embeddings';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { Deps } from '../../http/env';
import { userEmbedder } from './embedding-model';
import { dimensionSql, nearestOrderSql, withNearestScan } from './vector-index';
import { vectorLiteral, vectorsAvailable } from './vector-support';

/** A question or search as a vector of the user's model, to rank passages by meaning. */
export interface Meaning {
  modelKey: string;
  dimensions: number;
  /** pgvector's text form. */
  vector: string;
}

/** How long a search or question waits for its vector before it goes on by words alone. */
const QUERY_EMBED_MS = 3_000;
/** Texts' vectors kept, the least recently used dropped first: typing a search asks for the same words again. */
const CACHE_MAX = 500;
const cache = new Map<string, string>();

function remember(key: string, vector: string) {
  cache.delete(key);
  cache.set(key, vector);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
}

/**
 * The text as a vector of the user's embedding model; null without a model, without vector support, or when the
 * provider fails or is slow (then search and retrieval are by words, as without a model).
 */
export async function meaningOf(db: Db, ai: Deps['ai'], userId: number, text: string): Promise<Meaning | null> {
  const query = text.trim();
  if (!query || !(await vectorsAvailable(db))) return null;
  try {
    const embedder = await userEmbedder(db, ai, userId);
    if (!embedder) return null;
    const { modelKey, dimensions } = embedder.row;
    const key = `${modelKey}\0${query}`;
    let vector = cache.get(key);
    if (!vector) {
      const [made] = await embedTexts(embedder.model, embedder.access, [query], AbortSignal.timeout(QUERY_EMBED_MS));
      if (made?.length !== dimensions) return null;
      vector = vectorLiteral(made);
    }
    remember(key, vector);
    return { modelKey, dimensions, vector };
  } catch (error) {
    console.warn(`[trove] searching by words only: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Cosine distance (0: same direction) of `meaning` to the passage's vector (alias `v`), as its index orders by. */
export const distanceSql = (meaning: Meaning) => nearestOrderSql(meaning.dimensions, meaning.vector);

/** Vectors (alias `v`) of the meaning's model and size: a model answering another size since is never compared. */
export const modelVectorsSql = (meaning: Meaning) =>
  sql`v.model_key = ${meaning.modelKey} AND ${dimensionSql(meaning.dimensions)}`;

/**
 * The passages of `gemIds` nearest to the question (at most `limit`, cut from the gem as it is now, at the same range
 * as the chat's word-ranked passage of that index) with their distance, found through the dimension's index.
 */
export async function passageDistances(
  db: Db,
  meaning: Meaning,
  gemIds: number[],
  limit: number,
): Promise<{ gemId: number; index: number; distance: number }[]> {
  if (!gemIds.length) return [];
  const rows = await withNearestScan(db, (tx) =>
    selectRows<{ gem_id: number; idx: number; d: number | string }>(
      tx,
      sql`SELECT v.gem_id, v.idx, ${distanceSql(meaning)} AS d FROM gem_passage_vectors v
        JOIN gems g ON g.id = v.gem_id AND g.updated_at = v.source_updated_at
        JOIN gem_passages p ON p.gem_id = v.gem_id AND p.idx = v.idx AND p.start_char = v.start_char
          AND p.end_char = v.end_char
        WHERE ${modelVectorsSql(meaning)} AND v.gem_id = ANY(${`{${gemIds.join(',')}}`}::int[])
        ORDER BY ${distanceSql(meaning)} LIMIT ${limit}`,
    ),
  );
  return rows.map((r) => ({ gemId: r.gem_id, index: r.idx, distance: Number(r.d) }));
}
