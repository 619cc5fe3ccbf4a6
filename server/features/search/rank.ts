import { type SQL, sql } from 'drizzle-orm';

/**
 * What a match counts for in the rank when its words are in its page text only: the rank reads the small ranking
 * document, never the page text (compiled.rank), so such matches rank below any title or description match, newest
 * first; this keeps every match's rank above a query without words (0).
 */
const PAGE_TEXT_MATCH = 0.01;

/**
 * A match's relevance: the weighted cover density of the words in its ranking document, over PAGE_TEXT_MATCH. A match
 * whose ranking document holds none of the words is not ranked further. A one-word query may be a typo of a title
 * word: then every match is ranked by its title's trigram likeness too. Likeness is ~3–5 µs a match, and a broad
 * query's matches may all hold a word in their ranking document (a last word's prefix "see" is in every "Seeded"):
 * with several words it was most of such a query's time (PostgreSQL `optional see type:article`, 17,500 matches: 126 →
 * 83 ms; bench/RESULTS.md), while the cover density already weighs how close together the words are.
 */
export function rankOf(textQuery: SQL, words: string[], typos: boolean): SQL {
  const covered = sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', g.rank_doc, ${textQuery})`;
  return typos
    ? sql`(${PAGE_TEXT_MATCH}::real + ${covered} + similarity(lower(g.title), ${words.join(' ')}))`
    : sql`(${PAGE_TEXT_MATCH}::real + CASE WHEN g.rank_doc @@ ${textQuery} THEN ${covered} ELSE 0 END)`;
}
