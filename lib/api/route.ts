import type { z } from 'zod';

/**
 * A route of the API, defined once: the server implements it (server/http/contract-routes.ts), the extension
 * calls it through one typed client (lib/api/client.ts), and the OpenAPI document served at /api/openapi.json
 * is generated from it. Plain objects and zod only: the extension bundles this folder.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone, a signed-in user (bearer access token), or the operator (TROVE_ADMIN_TOKEN). */
export type RouteAuth = 'none' | 'user' | 'admin';

/** The error statuses a route can answer, each with the standard error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 431 | 502 | 503 | 504;

/**
 * A request body. JSON bodies are validated by `schema`; a multipart body is read by the route's own code (files and
 * their limits), `schema` describing its text fields and `files` naming its file fields.
 */
export type RouteBody =
  | { type: 'json'; schema: z.ZodType; description?: string }
  | { type: 'multipart'; schema: z.ZodObject; files: readonly string[]; description?: string };

/**
 * An answer: JSON checked against `schema`, or another content type (a stream, a file, an HTML page) named by
 * `content` and described in words.
 */
export type RouteResponse =
  | { description: string; schema: z.ZodType; content?: undefined }
  | { description: string; content: string; schema?: undefined };

export interface RouteDef {
  method: HttpMethod;
  /** The whole path, parameters in OpenAPI's `{name}` style, e.g. `/api/collections/{id}`. */
  path: string;
  /** The OpenAPI tag the reference groups it under. */
  tag: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** One schema per `{name}` in the path; a value it refuses answers 404 (no such resource). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers read by the route (e.g. Idempotency-Key), each optional. */
  headers?: z.ZodObject;
  body?: RouteBody;
  /** The success answers by status. */
  responses: { readonly [status: number]: RouteResponse };
  /** The error statuses it can answer besides those every route can (400 for a malformed request, 401 when signed out). */
  errors: readonly ErrorStatus[];
}

/** Keeps a definition's literal types (its path, statuses and schemas) for the typed client and handlers. */
export const defineRoute = <const R extends RouteDef>(route: R): R => route;

/** `METHOD /path` with OpenAPI-style parameters: how a route is named in tests and errors. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

/** The names of a path's `{parameters}`, in order. */
export const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** Fills a path's `{parameters}`, each encoded as one path segment. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

// ---------- types the client and the server read from a definition ----------

type Loose<T> = T extends string ? string | number : T extends boolean | undefined ? T | string : T;

export type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodObject
  ? { [K in keyof z.input<R['params']>]: string | number }
  : undefined;
export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodObject
  ? { [K in keyof z.input<R['query']>]: Loose<z.input<R['query']>[K]> }
  : undefined;
export type BodyOf<R extends RouteDef> = R['body'] extends { type: 'json'; schema: infer S extends z.ZodType }
  ? z.input<S>
  : R['body'] extends { type: 'multipart' }
    ? FormData
    : undefined;
export type HeadersOf<R extends RouteDef> = R['headers'] extends z.ZodObject
  ? Partial<Record<keyof z.input<R['headers']>, string>>
  : undefined;

type JsonStatuses<R extends RouteDef> = {
  [S in keyof R['responses']]: R['responses'][S] extends { schema: z.ZodType } ? S : never;
}[keyof R['responses']];

/** What a route answers as JSON, parsed (the union of its JSON success answers). */
export type ResultOf<R extends RouteDef> = {
  [S in JsonStatuses<R>]: R['responses'][S] extends { schema: infer T extends z.ZodType } ? z.output<T> : never;
}[JsonStatuses<R>];

/** A JSON answer a handler may give: a status of the definition and a body its schema takes. */
export type ReplyOf<R extends RouteDef> = {
  [S in JsonStatuses<R>]: R['responses'][S] extends { schema: infer T extends z.ZodType }
    ? { status: S; body: z.input<T> }
    : never;
}[JsonStatuses<R>];
