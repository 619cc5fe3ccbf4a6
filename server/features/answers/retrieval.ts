/**
 * Retrieval (issue 10): when the chosen gems do not all fit a model, the passages most relevant to
 * the question are sent. Gems are cut into passages (server/features/answers/passages.ts) whose full-text vectors
 * are kept in `gem_passages`, made the first time a gem is used and again once it has changed. The
 * ranking is computed in SQL, the same on PGlite and PostgreSQL: for each word of the question
 * (english stemming, stop words out), ts_rank of the passage for that word, weighted by how rare the
 * word is among the chosen passages (BM25's idf), summed. So a passage naming the question's rare
 * word outranks one that repeats a common one. When the user has an embedding model, that word rank and the
 * passages' rank by meaning (server/features/embeddings/) are blended by reciprocal rank fusion.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intArrayLiteral, selectRows } from '../../db/rows';
import { gemPassages } from '../../db/schema';
import { ranksBy, rrfScore } from '../embeddings/fusion';
import { type Meaning, passageDistances } from '../embeddings/meaning';
import type { ContextItem } from './context';
import { splitPassages } from './passages';

/** The text search configuration of gems and questions. */
const CONFIG = sql.raw(`'english'`);
/** Rows per indexing statement (each carries its passages' text). */
const INDEX_BATCH = 500;

export interface RankedPassage {
  gemId: number;
  index: number;
  start: number;
  end: number;
  score: number;
}

/** The gems among `items` (once each), with the `updatedAt` their text was read at. */
const gemItemsOf = (items: ContextItem[]) => {
  const byId = new Map<number, ContextItem & { id: number; updatedAt: Date }>();
  for (const item of items)
    if (item.id !== undefined && item.updatedAt && !byId.has(item.id))
      byId.set(item.id, item as ContextItem & { id: number; updatedAt: Date });
  return byId;
};

const passagesOf = (text: string) => {
  const ranges = splitPassages(text);
  return ranges.length ? ranges : [{ start: 0, end: 0 }];
};

/**
 * Cuts the gems' passages and stores them with their vectors (title and passage text). Each is
 * stamped with the gem's `updated_at` only if the gem is still the version read (to the millisecond
 * a JS Date holds); a gem changed since is left stale and cut again next time.
 */
async function indexPassages(db: Db, items: (ContextItem & { id: number; updatedAt: Date })[]) {
  const rows = items.flatMap((item) =>
    // A gem without text still gets one (empty) passage: its title is searched, and it is not cut again each time.
    passagesOf(item.text).map((range, idx) => ({
      gem_id: item.id,
      idx,
      start_char: range.start,
      end_char: range.end,
      read_at: item.updatedAt.toISOString(),
      body: `${item.title}\n${item.text.slice(range.start, range.end)}`,
    })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(gemPassages).where(
      inArray(
        gemPassages.gemId,
        items.map((item) => item.id),
      ),
    );
    for (let from = 0; from < rows.length; from += INDEX_BATCH) {
      const batch = JSON.stringify(rows.slice(from, from + INDEX_BATCH));
      await tx.execute(sql`
        INSERT INTO gem_passages (gem_id, idx, start_char, end_char, source_updated_at, tsv)
        SELECT r.gem_id, r.idx, r.start_char, r.end_char, g.updated_at, to_tsvector(${CONFIG}, r.body)
        FROM jsonb_to_recordset(${batch}::jsonb)
          AS r(gem_id int, idx int, start_char int, end_char int, read_at timestamptz, body text)
        JOIN gems g ON g.id = r.gem_id AND date_trunc('milliseconds', g.updated_at) = r.read_at
        ON CONFLICT (gem_id, idx) DO UPDATE SET
          start_char = excluded.start_char, end_char = excluded.end_char,
          source_updated_at = excluded.source_updated_at, tsv = excluded.tsv`);
    }
  });
}

/**
 * Every current passage of the gems `ids` with its score for `question`. The vectors are read straight
 * from the table where a question word matches (a CTE holding them copies every vector first, and
 * joining the matches to it lets PGlite's statistics-less planner pick a nested loop), and the
 * passages come back as one JSON value: thousands of rows cost more to hand over than to rank.
 */
async function scorePassages(db: Db, ids: number[], question: string): Promise<RankedPassage[]> {
  const [row] = await selectRows<{ passages: RankedPassage[] | string | null }>(
    db,
    sql`
    WITH cand AS MATERIALIZED (
      SELECT p.gem_id, p.idx, p.start_char, p.end_char
      FROM gem_passages p JOIN gems g ON g.id = p.gem_id AND g.updated_at = p.source_updated_at
      WHERE p.gem_id = ANY(${intArrayLiteral(ids)})
    ),
    terms AS MATERIALIZED (
      SELECT DISTINCT t.lexeme, to_tsquery('simple', quote_literal(t.lexeme)) AS q
      FROM unnest(to_tsvector(${CONFIG}, ${question}::text)) AS t
    ),
    matches AS MATERIALIZED (
      SELECT p.gem_id, p.idx, terms.lexeme, ts_rank(p.tsv, terms.q) AS rank
      FROM gem_passages p JOIN gems g ON g.id = p.gem_id AND g.updated_at = p.source_updated_at
        JOIN terms ON p.tsv @@ terms.q
      WHERE p.gem_id = ANY(${intArrayLiteral(ids)})
    ),
    idf AS (
      SELECT lexeme, ln(1 + ((SELECT count(*) FROM cand) - count(*) + 0.5) / (count(*) + 0.5)) AS weight
      FROM matches GROUP BY lexeme
    ),
    scores AS (
      SELECT matches.gem_id, matches.idx, sum(idf.weight * matches.rank) AS score
      FROM matches JOIN idf USING (lexeme) GROUP BY matches.gem_id, matches.idx
    )
    SELECT json_agg(json_build_object('gemId', cand.gem_id, 'index', cand.idx, 'start', cand.start_char,
      'end', cand.end_char, 'score', coalesce(scores.score, 0)::float8))::text AS passages
    FROM cand LEFT JOIN scores USING (gem_id, idx)`,
  );
  const passages = row?.passages;
  if (!passages) return [];
  return typeof passages === 'string' ? (JSON.parse(passages) as RankedPassage[]) : passages;
}

/**
 * How many passages get a rank by meaning: the nearest, found through the dimension's index (vector-index.ts) rather
 * than by measuring every passage; many more than a model's context takes from the top of the blend.
 */
const NEAREST_PASSAGES = 200;

/**
 * The passages blended with their rank by meaning: each passage's score becomes the fusion of its word rank (those
 * matching no word share the rank after the others) and its meaning rank (those not among the nearest, or without a
 * vector of the model, e.g. not embedded yet, likewise), the word score breaking ties.
 */
async function blendMeaning(db: Db, ranked: RankedPassage[], ids: number[], meaning: Meaning) {
  const distances = await passageDistances(db, meaning, ids, NEAREST_PASSAGES);
  if (!distances.length) return ranked;
  const distance = new Map(distances.map((d) => [`${d.gemId}:${d.index}`, d.distance]));
  const wordRanks = ranksBy(ranked, (p) => (p.score > 0 ? p.score : undefined), 'higher');
  const meaningRanks = ranksBy(ranked, (p) => distance.get(`${p.gemId}:${p.index}`), 'lower');
  return ranked.map((p, i) => ({ ...p, words: p.score, score: rrfScore(wordRanks[i] ?? 0, meaningRanks[i] ?? 0) }));
}

/**
 * The passages of the gems among `items`, best first for `question`: by score (blended with the rank by meaning when
 * `meaning` is given), then (among equals, e.g. none of the question's words) earlier passages first, then the gems
 * in the items' order. `meaning` may still be on its way (the question being embedded): the words are ranked
 * meanwhile; if it fails, the ranking is by words.
 */
export async function rankPassages(
  db: Db,
  items: ContextItem[],
  question: string,
  meaningOnItsWay: Meaning | null | Promise<Meaning | null> = null,
): Promise<RankedPassage[]> {
  const meaningReady = Promise.resolve(meaningOnItsWay).catch((error: unknown) => {
    console.warn(`[trove] ranking by words only: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  const byId = gemItemsOf(items);
  if (!byId.size) return [];
  const ids = [...byId.keys()];
  let ranked = await scorePassages(db, ids, question);
  // Gems without current passages (new, or changed since) are cut and indexed, then ranked again.
  const current = new Set(ranked.map((p) => p.gemId));
  const stale = [...byId.values()].filter((item) => !current.has(item.id));
  if (stale.length) {
    await indexPassages(db, stale);
    ranked = await scorePassages(db, ids, question);
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  const scored = ranked.map((p) => ({ ...p, score: Number(p.score) }));
  const meaning = await meaningReady;
  const blended: (RankedPassage & { words?: number })[] = meaning
    ? await blendMeaning(db, scored, ids, meaning)
    : scored;
  return blended
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.words ?? 0) - (a.words ?? 0) ||
        a.index - b.index ||
        (order.get(a.gemId) ?? 0) - (order.get(b.gemId) ?? 0),
    )
    .map(({ words: _words, ...p }) => p);
}
