import { z } from 'zod';
import { idSchema } from './integers';
import { messages } from './validators';

/**
 * The composer's tools: web search and research change how an answer is
 * written (`tool` in `POST /api/chats/{id}/messages`); the picture tool makes images instead.
 */

/** The tools an answer is written with (the picture tool makes images instead: `POST /api/chats/{id}/pictures`). */
export const ANSWER_TOOLS = ['chat', 'web-search', 'research'] as const;
export type AnswerTool = (typeof ANSWER_TOOLS)[number];
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** The picture tool's shapes: each provider's nearest size or aspect ratio (server/ai/draw-pictures.ts). */
export const PICTURE_SHAPES = ['square', 'landscape', 'portrait'] as const;
export type PictureShape = (typeof PICTURE_SHAPES)[number];
export const MAX_PICTURES = 4;

/**
 * `POST /api/chats/{id}/pictures`: the picture tool. The image model makes `count` pictures of `prompt`; they are
 * stored as the chat's uploads (deleted with it) and the answer is a message with `images` (201, not streamed).
 */
export const pictureBody = z.strictObject({
  prompt: z.string().trim().min(1, messages.required).max(4000, messages.tooLong),
  modelId: idSchema,
  shape: z.enum(PICTURE_SHAPES).default('square'),
  count: z.number().int().min(1).max(MAX_PICTURES, `at most ${MAX_PICTURES} pictures`).default(1),
});
export type PictureInput = z.input<typeof pictureBody>;

/** `POST /api/messages/{id}/image-gem`: one of a picture message's images saved as an Image gem. */
export const pictureGemBody = z.strictObject({
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_PICTURES - 1),
  collectionId: idSchema.optional(),
});

/** One web page a search-style answer drew on. */
export const searchResultSchema = z.object({ title: z.string(), content: z.string(), url: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;
/** A search-style answer: the answer and the pages it drew on. */
export const searchAnswerSchema = z.object({ answer: z.string(), results: z.array(searchResultSchema) });

/** A picture the picture tool made, stored as an upload (`url` is served by the server). */
export const generatedImageSchema = z.object({
  url: z.string(),
  mediaType: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;
