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
/** Page text beyond this many characters is not looked at for a snippet (ts_headline reads all it is given). */
const SNIPPET_SOURCE_CHARS = 20_000;

/** The headline of gem `g` for the tsquery: description, notes, page text and code, the matches marked. */
export const headlineSql = (textQuery: SQL): SQL => sql`ts_headline('english'::regconfig,
  translate(concat_ws(' … ', nullif(g.description, ''), nullif(g.notes, ''), left(g.text, ${SNIPPET_SOURCE_CHARS}),
    left(g.media->>'code', ${SNIPPET_SOURCE_CHARS})), ${`<>${START}${STOP}${LT}${GT}`}, ${`${LT}${GT}`}),
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
