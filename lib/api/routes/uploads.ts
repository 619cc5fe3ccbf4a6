import { z } from 'zod';
import { createImageGemData, dataOf, deletedSchema, gemSchema, IMAGE_GEM_FIELDS } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';
import { feedbackImageQuery, uploadResponseSchema } from '../upload-contract';
import { idempotencyHeaders } from './gems';

/** Uploaded images: bug-report images, image gems with their bytes, and the files' public links. */
export const uploadApi = {
  upload: defineRoute({
    method: 'post',
    path: '/api/upload',
    tag: 'Uploads',
    summary: 'Upload images for a bug report',
    description:
      '1–10 images of at most 5 MB each, flagged `isFeedbackImg=true` as a form field or in the query. The type comes ' +
      'from the bytes only (JPG, PNG, GIF, WEBP), and the image must decode as that type (at least 1 and at most ' +
      '65,535 pixels a side, 100 megapixels). Another type is a 415 (too big: 413), one that only starts like an ' +
      'image a 400, each naming the file (e.g. `files[0] (evil.png): Not a valid PNG image`), and nothing is stored. ' +
      'At most 120 uploads a minute per user (429).',
    auth: 'user',
    query: feedbackImageQuery,
    body: {
      type: 'multipart',
      schema: z.object({ isFeedbackImg: z.literal('true').optional() }),
      files: ['files'],
    },
    responses: {
      201: { description: 'The links (in upload order) and the upload records', schema: uploadResponseSchema },
    },
    errors: [429],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/upload/{id}',
    tag: 'Uploads',
    summary: 'Delete an upload and its file',
    description: 'An image of a gem or of a submitted report goes with it and cannot be deleted alone (409).',
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    responses: { 200: { description: 'The deleted id', schema: deletedSchema } },
    errors: [409],
  }),
  imageGem: defineRoute({
    method: 'post',
    path: '/api/upload-all-file',
    tag: 'Gems',
    summary: 'Save an Image gem with its bytes',
    description:
      '`files`: exactly one image (5 MB; JPG, PNG, GIF, WEBP by its bytes); `data`: the gem fields as a JSON string ' +
      '(`url` the page, `media.mediaUrl` the image’s original src; `image` is set to the stored file’s link). ' +
      'A bad file is a 415 (too big: 413; one that does not decode as the image its bytes start as: 400), bad `data` ' +
      'a 400 naming it, and nothing is stored; a retried key returns the first gem (200) and stores no second file. ' +
      'At most 120 uploads a minute per user (429).',
    auth: 'user',
    headers: idempotencyHeaders,
    body: {
      type: 'multipart',
      schema: z.object({
        [IMAGE_GEM_FIELDS.data]: z.string().meta({ description: 'The gem fields as JSON (see the body description)' }),
      }),
      files: [IMAGE_GEM_FIELDS.file],
      description: `The \`data\` field holds JSON of: ${Object.keys(createImageGemData.shape).join(', ')}`,
    },
    responses: {
      201: { description: 'The new Image gem', schema: dataOf(gemSchema) },
      200: { description: 'The gem saved before with the same Idempotency-Key', schema: dataOf(gemSchema) },
    },
    errors: [404, 409, 429],
  }),
  screenshotGem: defineRoute({
    method: 'post',
    path: '/api/gems/upload-screenshot',
    tag: 'Gems',
    summary: 'Save a screenshot of the visible tab as an Image gem',
    description:
      'The fields of `POST /api/upload-all-file`: `files` exactly one image (the screenshot, 5 MB; PNG or JPG from ' +
      'the browser), `data` the gem fields as a JSON string (`url` the page shown). The gem is marked ' +
      '`media.screenshot`, its `image` is the stored file and its text is read in the background. The same refusals ' +
      '(415, 413, 400 naming `files` or `data`), the same Idempotency-Key and upload limit (429).',
    auth: 'user',
    headers: idempotencyHeaders,
    body: {
      type: 'multipart',
      schema: z.object({
        [IMAGE_GEM_FIELDS.data]: z.string().meta({ description: 'The gem fields as JSON (see the body description)' }),
      }),
      files: [IMAGE_GEM_FIELDS.file],
    },
    responses: {
      201: { description: 'The new Image gem', schema: dataOf(gemSchema) },
      200: { description: 'The gem saved before with the same Idempotency-Key', schema: dataOf(gemSchema) },
    },
    errors: [404, 409, 429],
  }),
  file: defineRoute({
    method: 'get',
    path: '/uploads/{file}',
    tag: 'Uploads',
    summary: 'An uploaded file, by the name in its link (no sign-in: a link is a capability)',
    description:
      "Served with its stored type, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src 'none'`. " +
      'At the server root, not under /api.',
    auth: 'none',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The file', content: 'application/octet-stream' } },
    errors: [404],
  }),
};
