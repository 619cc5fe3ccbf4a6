import type { TagWithPath } from '../../../lib/api/contract';
import { type TagFields, toTag } from './tags';

/**
 * Each tag's path from the top (`parent/child`), from all of one user's tags. A parent loop (which moves never make,
 * but a database edited by hand may hold) ends the walk at the first tag seen twice.
 */
export function tagPaths(all: readonly TagFields[]): Map<number, string> {
  const byId = new Map(all.map((t) => [t.id, t]));
  const paths = new Map<number, string>();
  for (const tag of all) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let t: TagFields | undefined = tag; t && !seen.has(t.id); t = t.parentId ? byId.get(t.parentId) : undefined) {
      seen.add(t.id);
      names.unshift(t.name);
    }
    paths.set(tag.id, names.join('/'));
  }
  return paths;
}

/** The tags as answers, each with its path among `all` (the user's tags). */
export function withPaths(rows: readonly TagFields[], all: readonly TagFields[] = rows): TagWithPath[] {
  const paths = tagPaths(all);
  return rows.map((row) => ({ ...toTag(row), path: paths.get(row.id) ?? row.name }));
}
