import type { ApiClient } from '../api/client';
import { moderationApi } from '../api/routes/moderation';

const PAGE = { page: 1, perPage: 100 };

/** The library's offers to public collections and their moderation (server/features/moderation). */
export function createModerationApi(client: ApiClient) {
  return {
    /** Offers one of the user's gems to the public collection at `address` (`username/slug` or its page). */
    offer: async (gemId: number, address: string) =>
      (await client.call(moderationApi.offer, { body: { data: { gemId, address } } })).data,
    mine: async () => await client.call(moderationApi.mine, { query: PAGE }),
    /** The pending offers of every collection the user moderates (owns or administers). */
    inbox: async () => await client.call(moderationApi.inbox, { query: PAGE }),
    pending: async (collectionId: number) =>
      await client.call(moderationApi.pending, { params: { id: collectionId }, query: PAGE }),
    processed: async (collectionId: number) =>
      await client.call(moderationApi.processed, { params: { id: collectionId }, query: PAGE }),
    decide: async (collectionId: number, gemId: number, status: 'approved' | 'rejected') =>
      (await client.call(moderationApi.decide, { params: { id: collectionId, gemId }, body: { data: { status } } }))
        .data,
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;
