/**
 * Tags suggested for gems of the library (`POST /api/suggestions/gem-tags`): each gem is asked about as a page would
 * be at save time (suggest-tags.ts), one after the other, from its saved title, description and text. Only the user's
 * own gems, as the bulk changes that apply the suggestions (server/features/bulk/) change only those.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GemTagSuggestions, SuggestGemTagsInput } from '../../../lib/api/suggestions-contract';
import type { Db } from '../../db/client';
import { gems, gemTags, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { Deps } from '../../http/env';
import { ApiError, notFound } from '../../http/errors';
import { modelIdFor, suggestTags } from './suggest-tags';

/** The user's gems `ids` (not trashed, not chats), in the order named; the first that is not one is a 404 naming it. */
async function ownGems(db: Db, userId: number, ids: readonly number[]) {
  const rows = await db
    .select({ id: gems.id, title: gems.title, description: gems.description, url: gems.url, text: gems.text })
    .from(gems)
    .where(
      and(
        inArray(gems.id, [...ids]),
        eq(gems.ownerId, userId),
        isNull(gems.deletedAt),
        sql`${gems.mediaType} NOT IN ${NOT_SAVE_MEDIA_TYPES}`,
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].map((id) => {
    const gem = byId.get(id);
    if (!gem) throw notFound(`Gem ${id}`);
    return gem;
  });
}

export async function suggestGemTags(
  db: Db,
  ai: Deps['ai'],
  userId: number,
  input: SuggestGemTagsInput,
  signal?: AbortSignal,
): Promise<GemTagSuggestions> {
  const modelId = await modelIdFor(db, ai, userId, input.modelId);
  const chosen = await ownGems(db, userId, input.gemIds);
  const held = await db
    .select({ gemId: gemTags.gemId, tagId: gemTags.tagId })
    .from(gemTags)
    .where(
      inArray(
        gemTags.gemId,
        chosen.map((g) => g.id),
      ),
    );
  const has = new Set(held.map((row) => `${row.gemId}:${row.tagId}`));
  const answers: GemTagSuggestions = [];
  for (const gem of chosen) {
    signal?.throwIfAborted();
    const page = { title: gem.title, description: gem.description, url: gem.url, text: gem.text ?? '', modelId };
    try {
      const { tags } = await suggestTags(db, ai, userId, page, signal);
      const fresh = tags.filter((tag) => tag.id === null || !has.has(`${gem.id}:${tag.id}`));
      answers.push({ gemId: gem.id, title: gem.title, tags: fresh, error: null });
    } catch (error) {
      // the model's or the provider's failure on one gem does not lose the others' suggestions; a refusal (no key,
      // no credits) is the same for every gem and is answered as it is
      if (!(error instanceof ApiError) || error.status < 500) throw error;
      answers.push({ gemId: gem.id, title: gem.title, tags: [], error: error.message });
    }
  }
  return answers;
}
