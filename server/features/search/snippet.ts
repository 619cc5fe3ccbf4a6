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
 * spent 11 of its 18 ms on snippets given 2,000 characters from the first query word found), so it is given only the
 * page text and code around the first place each query word is written as typed: the text is cut in spans of
 * SNIPPET_SPAN_CHARS, each span holding such a place is given with SNIPPET_CONTEXT_CHARS on either side, and
 * neighbouring spans as one window, the windows apart by " … ". Where no word is written as typed (a stem's other
 * forms: "policies" for "policy"), the start is given. One window from the first word found instead marked two or
 * more words in 47 % of the bench's snippets, where these mark them in 74 % (bench/RESULTS.md). A word's window holds
 * at least 100 characters on either side of it (~15 words), more than a fragment of MaxWords needs around it: the
 * 500-character windows before (spans of 200, 150 on either side) marked as many words (two or more in 77.6 % of
 * 2,981 snippets, against 77.9 %) for ~8 % more of the bench's statement time.
 */
const SNIPPET_SPAN_CHARS = 100;
const SNIPPET_CONTEXT_CHARS = 100;
const SNIPPET_START_CHARS = 1_000;

/** The parts of `source` (page text or code) a snippet is made from, as the comment above says. */
function windowsSql(source: SQL, words: string[]): SQL {
  if (!words.length) return sql`left(${source}, ${SNIPPET_START_CHARS})`;
  const written = sql.join(
    words.map((word) => sql`(${word}::text, ${`\\m${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`}::text)`),
    sql`, `,
  );
  const span = sql.raw(String(SNIPPET_SPAN_CHARS));
  const context = sql.raw(String(SNIPPET_CONTEXT_CHARS));
  // a word's first place as a word, in any case (`\m`: its start, so not "use" in "because"; regexp_instr:
  // PostgreSQL 15), or, for one not found so (".net", or text without spaces between words), anywhere. The text is
  // lowered only for that second look: lowering all of it was a fifth of a snippet's time (bench/RESULTS.md).
  return sql`(SELECT coalesce(w.windows, left(s.text, ${SNIPPET_START_CHARS}))
    FROM (SELECT left(${source}, ${SNIPPET_SOURCE_CHARS}) AS text OFFSET 0) s,
    LATERAL (SELECT string_agg(substr(s.text, i.first, i.last - i.first), ' … ' ORDER BY i.first) AS windows FROM (
      SELECT greatest(1, min(cell) * ${span} + 1 - ${context}) AS first, (max(cell) + 1) * ${span} + 1 + ${context} AS last
      FROM (SELECT cell, cell - row_number() OVER (ORDER BY cell) AS run FROM (
        SELECT DISTINCT (p.at - 1) / ${span} AS cell FROM (VALUES ${written}) AS v(word, pattern),
          coalesce(nullif(regexp_instr(s.text, v.pattern, 1, 1, 0, 'i'), 0), strpos(lower(s.text), v.word)) AS p(at) WHERE p.at > 0) c) r
      GROUP BY run) i) w)`;
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
