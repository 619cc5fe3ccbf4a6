import { type SQL, sql } from 'drizzle-orm';
import type { SnippetPart } from '../../../lib/api/search-contract';

/**
 * Snippets: PostgreSQL's ts_headline marks the matched words with two private-use characters (taken out of the text
 * first), which are then cut into plain text parts, so no HTML is ever made or sent.
 */
const START = '\uE000';
const STOP = '\uE001';
/** ts_headline drops what looks like an HTML tag: '<' and '>' stand in as these for it, and come back after. */
const LT = '\uE002';
const GT = '\uE003';
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;
/** Page text beyond this many characters is not looked at for a snippet. */
const SNIPPET_SOURCE_CHARS = 20_000;
/**
 * ts_headline parses all the text it is given (~0.17 ms a thousand characters on PGlite: a library page of 20 results
 * spent 11 of its 18 ms on snippets given 2,000 characters each), so it is given this much of the page text and code
 * around the first place each query word is written as typed (from a little before it), the windows apart by " … ";
 * or the start, twice as much, when no word is written as typed (a stem's other forms: "policies" for "policy").
 * One window from the first word found instead marked two or more words in 47 % of the bench's snippets, not 73 %.
 */
const SNIPPET_WINDOW_CHARS = 500;
const SNIPPET_LEAD_CHARS = 150;

/** The parts of `source` (page text or code) a snippet is made from, as SNIPPET_WINDOW_CHARS says. */
function windowsSql(source: SQL, words: string[]): SQL {
  const start = sql`left(${source}, ${2 * SNIPPET_WINDOW_CHARS})`;
  if (!words.length) return start;
  const written = sql.join(
    words.map((word) => sql`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}::text)`),
    sql`, `,
  );
  // each word's window (its first place, a little before), but none starting inside the one before it
  return sql`(SELECT coalesce(w.windows, left(s.text, ${2 * SNIPPET_WINDOW_CHARS}))
    FROM (SELECT t AS text, lower(t) AS lower FROM (SELECT left(${source}, ${SNIPPET_SOURCE_CHARS}) AS t OFFSET 0) t) s,
    LATERAL (SELECT string_agg(substr(s.text, at, ${SNIPPET_WINDOW_CHARS}), ' … ' ORDER BY at) AS windows FROM (
      SELECT at, lag(at) OVER (ORDER BY at) AS before FROM (
        SELECT DISTINCT greatest(1, p.at - ${SNIPPET_LEAD_CHARS}) AS at
        FROM (VALUES ${written}) AS v(word), regexp_instr(s.lower, '\\m' || v.word) AS p(at) WHERE p.at > 0) f) a
      WHERE before IS NULL OR at - before >= ${SNIPPET_WINDOW_CHARS - SNIPPET_LEAD_CHARS}) w)`;
}

/**
 * The headline of gem `g` for the tsquery: description, notes, and the part of its page text and code around the
 * places `words` (the query's words as typed, lower case) are written, the matches marked.
 */
export const headlineSql = (textQuery: SQL, words: string[]): SQL => sql`ts_headline('english'::regconfig,
  translate(concat_ws(' … ', nullif(g.description, ''), nullif(g.notes, ''), ${windowsSql(sql`g.text`, words)},
    ${windowsSql(sql`g.media->>'code'`, words)}), ${`<>${START}${STOP}${LT}${GT}`}, ${`${LT}${GT}`}),
  ${textQuery}, ${OPTIONS})`;

/** A marked headline as text parts (empty text left out). */
export function snippetParts(headline: string | null | undefined): SnippetPart[] {
  if (!headline) return [];
  const parts: SnippetPart[] = [];
  let match = false;
  const text = headline.replaceAll(LT, '<').replaceAll(GT, '>');
  for (const piece of text.split(/([\uE000\uE001])/u)) {
    if (piece === START) match = true;
    else if (piece === STOP) match = false;
    else if (piece) {
      const previous = parts.at(-1);
      if (previous && previous.match === match) previous.text += piece;
      else parts.push({ text: piece, match });
    }
  }
  return parts;
}
