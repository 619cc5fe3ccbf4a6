import { z } from 'zod';
import { defineRoute } from '../route';

/** The API's own reference, generated from these definitions (server/http/openapi.ts); no sign-in. */
export const referenceApi = {
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Server',
    summary: 'This document: the OpenAPI 3.1 description of every route',
    auth: 'none',
    responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
    errors: [],
  }),
  docs: defineRoute({
    method: 'get',
    path: '/api/docs',
    tag: 'Server',
    summary: 'The API reference, readable in a browser',
    description: 'Swagger UI, served by the server itself (no outside address), reading /api/openapi.json.',
    auth: 'none',
    responses: { 200: { description: 'The reference page', content: 'text/html' } },
    errors: [],
  }),
  docsAsset: defineRoute({
    method: 'get',
    path: '/api/docs/{file}',
    tag: 'Server',
    summary: "The reference page's script and style sheets",
    auth: 'none',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The file', content: 'application/octet-stream' } },
    errors: [404],
  }),
};
