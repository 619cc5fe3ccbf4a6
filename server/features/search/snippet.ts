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
 * ts_headline parses all the text it is given (~0.17 ms a thousand characters on PGlite: 3.3 ms for a page of 20,000,
 * 167 ms for a library page of 50 such), so it is given this much of the page text and code: from a little before the
 * first place a query word is written as typed, or from the start when none is (a stem's other forms: "policies"
 * for "policy").
 */
const SNIPPET_WINDOW_CHARS = 2_000;
const SNIPPET_LEAD_CHARS = 300;

/** The part of `source` (page text or code) a snippet is made from, as windowSql says. */
function windowSql(source: SQL, words: string[]): SQL {
  const text = sql`left(${source}, ${SNIPPET_SOURCE_CHARS})`;
  const firsts = words.map((word) => sql`nullif(strpos(lower(${text}), ${word}), 0)`);
  const start = firsts.length
    ? sql`greatest(1, coalesce(least(${sql.join(firsts, sql`, `)}), 1) - ${SNIPPET_LEAD_CHARS})`
    : sql`1`;
  return sql`substr(${text}, ${start}, ${SNIPPET_WINDOW_CHARS})`;
}

/**
 * The headline of gem `g` for the tsquery: description, notes, and the part of its page text and code around the
 * first of `words` (the query's words as typed, lower case), the matches marked.
 */
export const headlineSql = (textQuery: SQL, words: string[]): SQL => sql`ts_headline('english'::regconfig,
  translate(concat_ws(' … ', nullif(g.description, ''), nullif(g.notes, ''), ${windowSql(sql`g.text`, words)},
    ${windowSql(sql`g.media->>'code'`, words)}), ${`<>${START}${STOP}${LT}${GT}`}, ${`${LT}${GT}`}),
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
