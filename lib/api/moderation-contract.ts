import { z } from 'zod';
import { idSchema } from './integers';

/**
 * Gems offered to public collections (server/features/moderation/): a signed-in user offers one of their gems to a
 * public collection that accepts offers; the owner approves (a copy lands in the collection) or rejects it.
 */

export const offerStatuses = ['pending', 'approved', 'rejected'] as const;
export const offerStatusSchema = z.enum(offerStatuses);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

/** Offer a gem of yours to a public collection: by its id or by its public page's address (one of the two). */
export const offerBody = z.object({
  data: z
    .object({
      gemId: idSchema,
      collectionId: idSchema.optional(),
      /** `username/slug` or the public page's whole address. */
      address: z.string().trim().min(1).max(2000).optional(),
    })
    .strict()
    .superRefine((data, ctx) => {
      if ((data.collectionId === undefined) === (data.address === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['address'],
          message: 'Give the public collection’s address or its collectionId (one of the two)',
        });
    }),
});
export type OfferInput = z.infer<typeof offerBody>['data'];

/** The owner's decision on a pending offer. */
export const decideBody = z.object({
  data: z.object({ status: z.enum(['approved', 'rejected']) }).strict(),
});

export const offerSchema = z.object({
  id: z.number(),
  status: offerStatusSchema,
  /** What was offered, as it was when offered (`id`: the offerer's gem). */
  gem: z.object({
    id: z.number(),
    title: z.string(),
    url: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    mediaType: z.string(),
  }),
  collection: z.object({
    id: z.number(),
    name: z.string(),
    /** Its public page while public, else null. */
    url: z.string().nullable(),
  }),
  offerer: z.object({ id: z.number(), username: z.string() }),
  owner: z.object({ id: z.number(), username: z.string() }),
  /** The copy approval made in the collection (the owner's gem), while it exists. */
  approvedGemId: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerListSchema = z.object({
  data: z.array(offerSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type OfferList = z.infer<typeof offerListSchema>;
