import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isHttpUrl, messages, titleSchema, urlSchema } from '@/lib/api/validators';
import { pageMediaTypes } from '@/lib/messaging/protocol';

/**
 * The popup form's rules. This module (and zod with it) is loaded by save-gem-values.ts on the form's
 * first validation, not with the popup: a toolbar click does not wait for it.
 */

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

export const saveGemFormResolver = zodResolver(saveGemFormSchema);
