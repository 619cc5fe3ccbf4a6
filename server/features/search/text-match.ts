import { type SQL, sql } from 'drizzle-orm';

/**
 * A free word's or phrase's ways to match (compile.ts), and how several of them make the branches of an AND: the
 * words in the document (one index scan, no document read), then the gems where a word matches only another way.
 */

/** A TextMatch's document query as the condition on `g`. */
export const inDocument = (text: { doc: SQL }) => sql`g.search_doc @@ ${text.doc}`;
export const orOf = (parts: SQL[]) => (parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` OR `)})`);
export const andOf = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`);

/**
 * A free word or phrase: its document query, its other ways to match an index can find (title and address substrings,
 * typos), the gems of the tags it names (by their rows' tag ids: an index the planner sizes from the tag ids), and
 * the whole condition (any of them).
 */
export interface TextMatch {
  doc: SQL;
  others: SQL[];
  tagged: SQL | null;
  whole: SQL;
}

export const textMatch = (doc: SQL, others: SQL[], tagged: SQL | null): TextMatch => ({
  doc,
  others,
  tagged,
  whole: orOf([inDocument({ doc }), ...others, ...(tagged ? [tagged] : [])]),
});

/** Up to this many words, everyWord gives each word its own arm (the statement grows with the square of the words). */
const PER_WORD_ARMS_UP_TO = 3;

/**
 * The gems matching a word another way (`way`: its substrings, or its tags) and each other word any way, for every
 * word that has that way, as conditions whose OR they are (none: no word has it). For a few words, one arm per word,
 * each a branch of its own: planned apart, each reads its word's few substring or tag matches, where one OR of the
 * arms was planned as one bitmap holding another word's document matches (bench/RESULTS.md). For more, one arm (any
 * word that way, every word any way) keeps the statement short. `indexedCheck`: see otherWordBeside.
 */
function armsOf(texts: TextMatch[], way: (text: TextMatch) => SQL | null, indexedCheck: boolean): SQL[] {
  const ways = texts.map(way);
  if (ways.every((w) => w === null)) return [];
  if (texts.length > PER_WORD_ARMS_UP_TO)
    return [andOf([orOf(ways.filter((w): w is SQL => w !== null)), ...texts.map((t) => t.whole)])];
  return ways.flatMap((w, i) => {
    if (!w) return [];
    const word = texts[i] as TextMatch;
    return [andOf([w, ...texts.filter((_, j) => j !== i).map((other) => otherWordBeside(other, word, indexedCheck))])];
  });
}

/**
 * `other`'s condition in the arm of `word`: as `other.whole`, but its document is read only when `word` is not in the
 * gem's ranking document. The ranking document holds the document's title and description words (migration 0053),
 * so a gem with `word` there and `other` in its document is the first branch's (every word in the document); one
 * with `word` nowhere in its document is found by this arm as before. The check on the small ranking document, kept
 * in the row, spares reading the out-of-line document of each title that holds the word (bench/RESULTS.md).
 * Without `indexedCheck` the document is checked through `coalesce` (it is never NULL), so that no index answers it:
 * a substring arm is then read from its word's few title and address matches, each checked for `other`; as an index
 * condition the planner took `other`'s document matches (most of the library for a frequent word) as the arm's bitmap.
 * A tag arm keeps the index: a tag's gems are thousands, and intersecting them with a rare word's document matches is
 * what answers it fast (PGlite `dfa musical after:2020-01-01 collection:Home`: 40 ms with it, 60 without).
 */
const otherWordBeside = (other: TextMatch, word: TextMatch, indexedCheck: boolean): SQL =>
  orOf([
    ...other.others,
    ...(other.tagged ? [other.tagged] : []),
    indexedCheck
      ? sql`(NOT g.rank_doc @@ ${word.doc} AND ${inDocument(other)})`
      : sql`(NOT g.rank_doc @@ ${word.doc} AND coalesce(g.search_doc, ''::tsvector) @@ ${other.doc})`,
  ]);

/**
 * Every one of `texts` (2 or more), as the equal condition allOf describes: every word in the document, then the
 * gems where a word matches only by a substring, then those where it matches only by a tag (each a branch of its own).
 */
export function everyWord(texts: TextMatch[]): SQL[] {
  const all = inDocument({
    doc: sql`(${sql.join(
      texts.map((t) => t.doc),
      sql` && `,
    )})`,
  });
  return [
    all,
    ...armsOf(texts, (t) => (t.others.length ? orOf(t.others) : null), false),
    ...armsOf(texts, (t) => t.tagged, true),
  ];
}

/** A word's or phrase's ways to match apart: in the document, by a substring (if it has one), by a tag (if it names one). */
export const waysOf = (text: TextMatch): SQL[] => [
  inDocument(text),
  ...(text.others.length ? [orOf(text.others)] : []),
  ...(text.tagged ? [text.tagged] : []),
];
