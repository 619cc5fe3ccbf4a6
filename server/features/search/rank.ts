import { type SQL, sql } from 'drizzle-orm';

/**
 * What a match counts for in the rank when its words are in its page text only: the rank reads the small ranking
 * document, never the page text (compiled.rank), so such matches rank below any title or description match, newest
 * first; this keeps every match's rank above a query without words (0).
 */
const PAGE_TEXT_MATCH = 0.01;

/**
 * A match's relevance: the weighted cover density of the words in its ranking document plus its title's trigram
 * likeness, over PAGE_TEXT_MATCH. A match whose ranking document holds none of the words is not ranked further (its
 * title's likeness was half a broad query's time, taken for every match; bench/RESULTS.md), unless the query is one
 * word, which may be a typo of a title word: then every match is ranked by its title's likeness.
 */
export function rankOf(textQuery: SQL, words: string[], typos: boolean): SQL {
  const ranked = sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', g.rank_doc, ${textQuery}) + similarity(lower(g.title), ${words.join(' ')})`;
  return typos
    ? sql`(${PAGE_TEXT_MATCH}::real + ${ranked})`
    : sql`(${PAGE_TEXT_MATCH}::real + CASE WHEN g.rank_doc @@ ${textQuery} THEN ${ranked} ELSE 0 END)`;
}
