import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonParam, selectRows } from '../../db/rows';
import { pathsCte } from './paths';

/**
 * A free word or phrase as the search matches it to tag names: plain (stemmed), a prefix (the last word) or a phrase.
 * Tags are not in the gems' documents (migration 0026), so a word also finds the gems of the asker's tags it names.
 * A `tag:` path (`path`, normalised) names the tags whose path holds it as whole segments, and those under them.
 */
export interface TagWord {
  text: string;
  form: 'plain' | 'prefix' | 'phrase' | 'path';
}

/** The ids of the asker's tags each word names (by its own name or a parent's), by tagWordKey; a word naming none is absent. */
export type WordTags = ReadonlyMap<string, readonly number[]>;

export const tagWordKey = (word: TagWord) => `${word.form}:${word.text}`;

export const NO_WORD_TAGS: WordTags = new Map();

/**
 * Which of the user's tags the query's words and `tag:` paths name, read before the search is compiled
 * (compileSearch's `wordTags`): a word naming no tag then has no tag arm at all, and one naming some has their ids
 * written into the statement, so the planner can count their gems. Read inside the statement, as an array it could
 * not size, a word naming tags with tens of thousands of gems ("one" and the tags `*-one`) was planned as a few gems,
 * each then checked for the other words in its page text (1.2 s on PGlite), and a `tag:` of 6,667 gems as 53,502,
 * so every gem holding the words was read first (bench/RESULTS.md).
 */
export async function readWordTags(db: Db, userId: number, words: readonly TagWord[]): Promise<WordTags> {
  if (!words.length) return NO_WORD_TAGS;
  const rows = await selectRows<{ key: string; ids: number[] }>(
    db,
    sql`WITH RECURSIVE ${pathsCte('tag_paths', 'tags', userId)}
      SELECT w.key, array_agg(p.id ORDER BY p.id) AS ids
      FROM jsonb_to_recordset(${jsonParam(words.map((w) => ({ ...w, key: tagWordKey(w) })))}) AS w(key text, text text, form text)
      JOIN tag_paths p ON CASE w.form
        WHEN 'path' THEN strpos('/' || p.path || '/', '/' || w.text || '/') > 0
        ELSE to_tsvector('english', replace(p.display, '/', ' ')) @@ CASE w.form
          WHEN 'prefix' THEN to_tsquery('english', w.text || ':*')
          WHEN 'phrase' THEN phraseto_tsquery('english', w.text)
          ELSE plainto_tsquery('english', w.text) END END
      GROUP BY w.key`,
  );
  return new Map(rows.map((row) => [row.key, row.ids.map(Number)]));
}
