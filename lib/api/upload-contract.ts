import { z } from 'zod';
import { FEEDBACK_CATEGORIES } from '../feedback/categories';
import { idSchema } from './integers';
import { tagSchema } from './tag-contract';
import { messages, urlSchema } from './validators';

/** Uploads and feedback (lib/api/routes/uploads.ts, feedbacks.ts). Plain zod: the extension bundles it. */

const timestamp = z.string();

export const uploadSchema = z.object({
  id: z.number(),
  url: z.string(),
  mime: z.string(),
  size: z.number(),
  createdAt: timestamp,
});
export type Upload = z.infer<typeof uploadSchema>;
/** `POST /api/upload?isFeedbackImg=true` (the flag may be a form field instead). */
export const feedbackImageQuery = z.object({ isFeedbackImg: z.string().optional() });
/** POST /api/upload answers the links in `data.media` (in upload order) and the records in `data.uploads`. */
export const uploadResponseSchema = z.object({
  data: z.object({ media: z.array(z.string()), uploads: z.array(uploadSchema) }),
});

export const diagnosticsSchema = z
  .object({
    extensionVersion: z.string().max(50),
    browser: z.string().max(200),
    os: z.string().max(100),
    activeModel: z.string().max(200).nullable(),
    recentErrors: z.array(z.string().max(500)).max(20),
  })
  .strict();
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

export const createFeedbackBody = z.object({
  data: z.object({
    title: z.string({ error: messages.required }).trim().min(1, messages.required).max(300, messages.tooLong),
    description: z.string().max(20_000, messages.tooLong).default(''),
    url: urlSchema,
    category: z.enum(FEEDBACK_CATEGORIES),
    tags: z.array(idSchema).max(50).default([]),
    isExtension: z.literal(true),
    imageLinks: z.array(z.url()).max(10).default([]),
    diagnostics: diagnosticsSchema.nullish(),
  }),
});
export type CreateFeedbackInput = z.input<typeof createFeedbackBody>['data'];

export const feedbackSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  isExtension: z.boolean(),
  imageLinks: z.array(z.string()),
  tags: z.array(tagSchema),
  diagnostics: diagnosticsSchema.nullable(),
  author: z.object({ id: z.number(), username: z.string(), email: z.string().optional() }),
  createdAt: timestamp,
});
export type Feedback = z.infer<typeof feedbackSchema>;
