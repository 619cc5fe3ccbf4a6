import { z } from 'zod';
import { idSchema } from './integers';

/** Following public collections: what the follower sends and reads (server/features/following/). */

/**
 * Follow a public collection by its id, or by its address: `username/slug`, or the public page's whole address
 * (`https://server/username/slug`, a sub-collection's page follows the published collection). Exactly one of the two.
 */
export const followBody = z.object({
  data: z
    .object({
      hierarchyLevel: z.literal('collection').default('collection'),
      collectionId: idSchema.optional(),
      address: z.string().trim().min(1).max(2000).optional(),
    })
    .superRefine((data, ctx) => {
      if ((data.collectionId === undefined) === (data.address === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['collectionId'],
          message: 'Give a collectionId or an address (one of the two)',
        });
    }),
});

export const unfollowBody = z.object({
  data: z.object({ hierarchyLevel: z.literal('collection').default('collection'), collectionId: idSchema }),
});

const owner = z.object({ id: z.number(), username: z.string() });

/** A followed collection. While it is not public (`isPublic: false`) nothing of it is shown but its name. */
export const followSchema = z.object({
  collectionId: z.number(),
  name: z.string(),
  owner,
  isPublic: z.boolean(),
  /** Its public page, while public. */
  url: z.string().nullable(),
  followedAt: z.string(),
  lastSeenAt: z.string(),
  /** Its gems added since the follower last opened the Following view (0 while not public). */
  newCount: z.number(),
});
export type Follow = z.infer<typeof followSchema>;

export const followedListSchema = z.object({
  data: z.array(followSchema),
  total: z.number(),
  /** Gems new since last seen, over every followed public collection. */
  newCount: z.number(),
});
export type FollowedList = z.infer<typeof followedListSchema>;

/** A gem of a followed public collection, as its public page shows it. */
export const followedGemSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** Added after the follower last opened the Following view. */
  isNew: z.boolean(),
  collection: z.object({ id: z.number(), name: z.string() }),
  owner,
});
export type FollowedGem = z.infer<typeof followedGemSchema>;

export const followedGemsSchema = z.object({
  data: z.array(followedGemSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

export const seenSchema = z.object({ data: z.object({ seenAt: z.string() }) });
