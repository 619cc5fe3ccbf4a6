import type { SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import { type CompiledSearch, type CompileOptions, compileSearch } from './compile';
import { NO_WORD_TAGS, readWordTags, type WordTags } from './word-tags';

/** The tags the query's words name (word-tags.ts): compiled once to learn its words, read in one short statement. */
export async function wordTagsFor(db: Db, query: SearchQuery, userId: number): Promise<WordTags> {
  const { tagWords } = compileSearch(query, userId, { wordTags: NO_WORD_TAGS });
  return readWordTags(db, userId, tagWords);
}

/** compileSearch with the tags the query's words name read first. */
export async function compileSearchFor(
  db: Db,
  query: SearchQuery,
  userId: number,
  options: Omit<CompileOptions, 'wordTags'> = {},
): Promise<CompiledSearch> {
  return compileSearch(query, userId, { ...options, wordTags: await wordTagsFor(db, query, userId) });
}
