import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api/contract';
import type { ErrorStatus, RouteDef } from '../../lib/api/route';
import { contractRoutes } from '../../lib/api/routes';

/**
 * The OpenAPI 3.1 document, generated from the route definitions in lib/api/routes/. Schemas come from zod's own
 * JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1): requests as they may be sent, answers as sent.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'The request is malformed: the error names the field',
  401: 'Not signed in, or the token is invalid or expired',
  403: 'Only its author may do this',
  404: 'No such resource (or not yours)',
  409: 'The request conflicts with the current state',
  413: 'The body is over its size limit',
  415: 'The body is not of a content type this route takes',
  429: 'Over a rate limit: Retry-After says when to try again',
  431: 'The request line and headers are over 16 KB',
  502: 'The AI provider (or another outside service) failed or sent back something unusable: the error says what',
  503: 'Busy: try again in a moment',
  504: 'An outside service did not answer in time: the error names it',
};

/** The errors a definition implies (by its input and auth) plus those it names. */
function errorStatuses(route: RouteDef): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (route.query || route.body || route.headers) implied.push(400);
  if (route.auth !== 'none') implied.push(401);
  if (route.params) implied.push(404);
  if (route.body) implied.push(413, 415);
  return [...new Set([...implied, ...route.errors])].sort((a, b) => a - b);
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBody(route: RouteDef) {
  const body = route.body;
  if (!body) return undefined;
  if (body.type === 'json')
    return {
      required: true,
      ...(body.description ? { description: body.description } : {}),
      content: { 'application/json': { schema: jsonSchema(body.schema, 'input') } },
    };
  const fields = jsonSchema(body.schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const files = Object.fromEntries(
    body.files.map((name) => [
      name,
      { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } },
    ]),
  );
  return {
    required: true,
    ...(body.description ? { description: body.description } : {}),
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...files, ...fields.properties },
          required: [...body.files, ...(fields.required ?? [])],
        },
      },
    },
  };
}

function operation(id: string, route: RouteDef) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = {
      description: answer.description,
      content: answer.schema
        ? { 'application/json': { schema: jsonSchema(answer.schema, 'output') } }
        : { [answer.content]: { schema: { type: 'string' } } },
    };
  }
  for (const status of errorStatuses(route)) {
    // A status the route describes itself (the public pages' HTML 404) keeps its own answer.
    if (responses[status]) continue;
    responses[status] = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  const body = requestBody(route);
  return {
    operationId: id,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.auth === 'none' ? [] : [{ [route.auth === 'user' ? 'accessToken' : 'adminToken']: [] }],
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...parameters(route.headers, 'header'),
    ],
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The version of the API the document describes. */
const API_VERSION = '0.1.0';

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { id, route } of contractRoutes()) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method] = operation(id, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trove API',
      version: API_VERSION,
      description:
        'The API of a Trove server, generated from the route definitions in lib/api/routes/. Bodies are JSON; single ' +
        'resources come as `{ "data": … }`, lists as `{ "data": [...], "total": n }`. Every error has the envelope ' +
        '`{ "error": { status, name, message, details } }`; a 400 names the field in `details.errors`.',
    },
    components: {
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From POST /api/auth/local' },
        adminToken: { type: 'http', scheme: 'bearer', description: "The operator's TROVE_ADMIN_TOKEN" },
      },
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
    },
    paths,
  };
}
