import { z } from 'zod';
import type { Gem } from '@/lib/api/contract';
import { isHttpUrl, messages, titleSchema, urlSchema } from '@/lib/api/validators';
import { type ActivePage, type PageMediaType, pageMediaTypes } from '@/lib/messaging/protocol';
import { defaultMediaType } from '@/lib/page/page-gem';

export const saveGemFormSchema = z.object({
  title: titleSchema,
  description: z.string().max(10_000, messages.tooLong),
  url: urlSchema,
  image: z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v) || v.startsWith('data:image/'), messages.urlInvalid()),
  collectionId: z.number({ error: 'Choose a collection' }),
  tags: z.array(z.string()),
  mediaType: z.enum(pageMediaTypes),
});
export type SaveGemFormValues = z.infer<typeof saveGemFormSchema>;

/** The form's starting values: the saved gem when the page is already saved, otherwise what the page says about itself. */
export function initialValues(page: ActivePage, existing: Gem | undefined, defaultCollectionId: number | undefined): SaveGemFormValues {
  if (existing) {
    return {
      title: existing.title,
      description: existing.description,
      url: existing.url,
      image: existing.image ?? '',
      collectionId: existing.collectionId,
      tags: existing.tags.map((t) => t.tag),
      mediaType: (pageMediaTypes as readonly string[]).includes(existing.media_type) ? (existing.media_type as PageMediaType) : 'Link',
    };
  }
  const extract = page.extract;
  return {
    title: extract?.title || page.title,
    description: extract?.description ?? '',
    url: page.url,
    image: extract?.image ?? '',
    collectionId: defaultCollectionId as number,
    tags: [],
    mediaType: defaultMediaType(page),
  };
}
