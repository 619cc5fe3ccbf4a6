import { z } from 'zod';
import { dataOf } from '../core-contract';
import { imageTextQuery, imageTextSchema, OCR_IMAGE_FIELD, recognizedTextSchema } from '../ocr-contract';
import { defineRoute } from '../route';

/** Text from images: an image gem's, read in the background after its save, or one image's at once. */
export const ocrApi = {
  imageText: defineRoute({
    method: 'get',
    path: '/api/image-text',
    tag: 'Text from images',
    summary: "The text read from an image gem's image",
    description:
      'An image gem saved with its bytes (`POST /api/upload-all-file`) has its text read in the background; the text ' +
      "becomes the gem's searchable text (unless it had one) and goes to chats with it. `image` is the gem's id.",
    auth: 'user',
    query: imageTextQuery,
    responses: { 200: { description: 'Where the reading is, and its text', schema: dataOf(imageTextSchema) } },
    errors: [404],
  }),
  recognize: defineRoute({
    method: 'post',
    path: '/api/ocre',
    tag: 'Text from images',
    summary: 'Read the text of an image',
    description:
      `\`${OCR_IMAGE_FIELD}\`: one image (5 MB; PNG, JPG, GIF or WEBP, by its bytes); nothing is stored. A file that is ` +
      'not an image is a 415, a bigger one a 413, one that does not decode or whose reading passes its time or ' +
      'memory bound a 400 saying so. Counted with uploads (120 a minute per user).',
    auth: 'user',
    body: { type: 'multipart', schema: z.object({}), files: [OCR_IMAGE_FIELD] },
    responses: { 200: { description: 'The text read', schema: dataOf(recognizedTextSchema) } },
    errors: [413, 415, 429, 503],
  }),
};
