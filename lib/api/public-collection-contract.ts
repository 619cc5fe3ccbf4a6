import { z } from 'zod';
import { isHttpUrl } from './validators';

/**
 * A collection published as a public page (server/features/public-pages/): its address is
 * `/{username}/{slug}`, the slug unique among its owner's collections. Plain zod: the extension bundles it.
 */

export const SLUG_MAX = 60;
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 500;

/** Lower-case ascii letters and digits in runs joined by single hyphens, not a number alone. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'The address needs at least one letter or digit')
  .max(SLUG_MAX, `At most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'Only lower-case letters a–z, digits and single hyphens between them')
  .refine((slug) => !/^\d+$/.test(slug), 'A number alone is not an address: add a word');

/** A slug made from a name: accents dropped, anything else than a–z and 0–9 turned into hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  if (!slug) return 'collection';
  return /^\d+$/.test(slug) ? `collection-${slug}`.slice(0, SLUG_MAX) : slug;
}

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).nullable().optional();

/** The image the page's Open Graph and Twitter tags name: an http(s) address, nothing else. */
const seoImage = z
  .string()
  .trim()
  .max(2048, 'At most 2048 characters')
  .refine((url) => url === '' || isHttpUrl(url), 'Only an http:// or https:// address')
  .nullable()
  .optional();

export const publicSettingsSchema = z.object({
  collectionId: z.number(),
  isPublic: z.boolean(),
  /** Null until the collection is first published. */
  slug: z.string().nullable(),
  /** The page's whole address while the collection is public, else null. */
  url: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  seoImage: z.string().nullable(),
  /** Asks search engines not to index the page (and leaves it out of /sitemap.xml). */
  noindex: z.boolean(),
  includeSubcollections: z.boolean(),
  /** Signed-in users may offer gems to it (each waits for the owner's approval). */
  acceptOffers: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * Publishes (or updates the settings of) a collection. Each field is optional: what is left out keeps its value; a
 * first publication without a slug gets one made from the name. An empty SEO text means "none".
 */
export const publicSettingsBody = z.object({
  data: z
    .object({
      isPublic: z.boolean().optional(),
      slug: slugSchema.optional(),
      seoTitle: optionalText(SEO_TITLE_MAX),
      seoDescription: optionalText(SEO_DESCRIPTION_MAX),
      seoImage,
      noindex: z.boolean().optional(),
      includeSubcollections: z.boolean().optional(),
      acceptOffers: z.boolean().optional(),
    })
    .strict(),
});
export type PublicSettingsInput = z.infer<typeof publicSettingsBody>['data'];

/** The SEO details alone (`PATCH /api/collections/{id}/seo-details`): what is left out keeps its value. */
export const seoDetailsBody = z.object({
  data: z
    .object({
      seoTitle: optionalText(SEO_TITLE_MAX),
      seoDescription: optionalText(SEO_DESCRIPTION_MAX),
      seoImage,
    })
    .strict()
    .refine((data) => Object.values(data).some((value) => value !== undefined), {
      message: 'Give seoTitle, seoDescription or seoImage',
    }),
});
