import type { ApiClient } from '@/lib/api/client';
import { tagApi } from '@/lib/api/routes/tags';
import type { GemTagSuggestions, SuggestedTag } from '@/lib/api/suggestions-contract';

/** What a `tag-suggested` bulk job is given: each gem and the ids of the tags it gets. */
export interface Assignment {
  gemId: number;
  tagIds: number[];
}

/** A suggestion's key: the gem and the tag's name, any case. */
export const keyOf = (gemId: number, name: string) => `${gemId}:${name.toLowerCase()}`;

/** Each gem's suggested tags the user did not untick (gems left with none are left out). */
export function acceptedTags(found: GemTagSuggestions, rejected: ReadonlySet<string>) {
  return found
    .map((gem) => ({ gemId: gem.gemId, tags: gem.tags.filter((tag) => !rejected.has(keyOf(gem.gemId, tag.name))) }))
    .filter((gem) => gem.tags.length > 0);
}

/**
 * The ids of the accepted tags: a new one is created first, once however many gems got it (creating a name the user
 * has already returns that tag, so nothing is duplicated).
 */
export async function createNewTags(
  client: ApiClient,
  chosen: { gemId: number; tags: SuggestedTag[] }[],
): Promise<Assignment[]> {
  const made = new Map<string, number>();
  for (const tag of chosen.flatMap((gem) => gem.tags)) {
    const name = tag.name.toLowerCase();
    if (tag.id !== null || made.has(name)) continue;
    made.set(name, (await client.call(tagApi.create, { body: { data: { tag: tag.name } } })).data.id);
  }
  return chosen.map((gem) => ({
    gemId: gem.gemId,
    tagIds: [...new Set(gem.tags.map((tag) => tag.id ?? made.get(tag.name.toLowerCase()) ?? 0))],
  }));
}
