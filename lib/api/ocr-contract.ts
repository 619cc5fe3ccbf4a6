import { z } from 'zod';
import { idParamSchema } from './integers';

/** Text recognised in images (server/features/ocr/). */

/** The multipart field of `POST /api/ocre` that holds the image: `files`, as every upload route names it. */
export const OCR_IMAGE_FIELD = 'files';

export const OCR_STATUSES = ['queued', 'done', 'failed', 'none'] as const;

/** `GET /api/image-text?image={gemId}`. */
export const imageTextQuery = z.object({ image: idParamSchema });

export const imageTextSchema = z.object({
  gemId: z.number(),
  /** `none`: the gem's image was saved by address, without its bytes, so nothing is read. */
  status: z.enum(OCR_STATUSES),
  /** The gem's searchable text (the recognised text, unless the gem had a text of its own). */
  text: z.string().nullable(),
  /** Why the text could not be read (too slow, too big, unreadable). */
  error: z.string().nullable(),
});
export type ImageText = z.infer<typeof imageTextSchema>;

export const recognizedTextSchema = z.object({
  text: z.string(),
  /** Tesseract's mean word confidence, 0 to 100. */
  confidence: z.number(),
});
