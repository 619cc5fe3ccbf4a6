import { z } from 'zod';

/** A tag as the API answers it, on its own so the contract files that embed tags import it without a circle. */
export const tagSchema = z.object({
  id: z.number(),
  tag: z.string(),
  parentId: z.number().nullable(),
  /** `#rrggbb`, or null for the default colour. */
  color: z.string().nullable(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
