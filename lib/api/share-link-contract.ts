import { z } from 'zod';
import { searchHitSchema } from './search-contract';
import { emailSchema } from './validators';

/** Share links (server/features/share-links/): a collection, a tag or one gem opened by an unguessable address. */

export const shareLinkAudienceSchema = z.enum(['anyone', 'signed-in', 'emails']);
export type ShareLinkAudience = z.infer<typeof shareLinkAudienceSchema>;

/**
 * A link's settings; every field optional (what is left out stays as it is). `password: null` removes it,
 * `expiresAt: null` makes the link last. `accessType: 'emails'` needs at least one address in `allowEmail`.
 */
export const shareLinkSettings = z
  .object({
    accessType: shareLinkAudienceSchema.optional(),
    allowEmail: z.array(emailSchema).max(100).optional(),
    password: z.string().min(4, 'At least 4 characters').max(200).nullable().optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    disabled: z.boolean().optional(),
    showNotes: z.boolean().optional(),
  })
  .strict();
export type ShareLinkSettings = z.infer<typeof shareLinkSettings>;
export const shareLinkSettingsBody = z.object({ data: shareLinkSettings });

export const disableLinkBody = z.object({ data: z.object({ disabled: z.boolean().default(true) }).strict() });
export const linkPasswordBody = z.object({
  data: z.object({ password: z.string().min(4, 'At least 4 characters').max(200).nullable() }).strict(),
});

export const shareLinkSchema = z.object({
  id: z.number(),
  kind: z.enum(['collection', 'tag', 'gem']),
  resourceId: z.number(),
  /** The collection's or tag's name, or the gem's title. */
  resourceName: z.string(),
  /** The link's secret part, shown to its managers only. */
  token: z.string(),
  /** `{server}/s/{token}`: what visitors open. */
  url: z.string(),
  accessType: shareLinkAudienceSchema,
  allowEmail: z.array(z.string()),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  disabled: z.boolean(),
  showNotes: z.boolean(),
  accessCount: z.number(),
  lastAccessAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListQuery = z.object({
  kind: z.enum(['collection', 'tag', 'gem']).optional(),
  resourceId: z.coerce.number().int().positive().optional(),
});

export const openLinkBody = z.object({
  data: z
    .object({
      /** A password-protected link's password (guesses limited as on its page). */
      password: z.string().max(200).optional(),
      q: z.string().max(300).optional(),
      tag: z.string().max(300).optional(),
      page: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
});

/** What a signed-in user reads through a link (the library's `#link=TOKEN`). */
export const openedLinkSchema = z.object({
  kind: z.enum(['collection', 'tag', 'gem']),
  name: z.string(),
  gems: z.array(searchHitSchema),
  total: z.number(),
  page: z.number(),
});
export type OpenedLink = z.infer<typeof openedLinkSchema>;
