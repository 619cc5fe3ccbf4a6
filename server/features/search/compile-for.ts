import type { SearchQuery } from '../../../lib/search/ast';
import type { Db } from '../../db/client';
import type { Reach } from '../sharing/access';
import { type CompiledSearch, type CompileOptions, compileSearch } from './compile';
import { type NamedIds, NO_NAMED_IDS, readQueryNames } from './query-names';

/** The tags and collections the query names (query-names.ts): compiled once to learn them, read in one short statement. */
export async function namedIdsFor(db: Db, query: SearchQuery, userId: number, reach?: Reach): Promise<NamedIds> {
  const { names } = compileSearch(query, userId, { named: NO_NAMED_IDS });
  return readQueryNames(db, userId, names, reach);
}

/** compileSearch with the tags and collections the query names read first. */
export async function compileSearchFor(
  db: Db,
  query: SearchQuery,
  userId: number,
  options: Omit<CompileOptions, 'named'> = {},
): Promise<CompiledSearch> {
  return compileSearch(query, userId, { ...options, named: await namedIdsFor(db, query, userId, options.reach) });
}
