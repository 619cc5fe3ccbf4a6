import type { Context } from 'hono';
import type { z } from 'zod';
import { cleanRecord, cleanText } from '../../lib/api/clean-text';
import { ApiError, type FieldError, fieldError, fieldErrors } from './errors';
import { parseRequestJson } from './json-text';

/**
 * The one place requests are read: bodies, queries, headers and path parameters go through these
 * functions, which clean every string (lib/api/clean-text.ts) before the contract's schemas see it.
 */

function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Validates `value` with `schema`; a mismatch is a 400 whose `details.errors` name each field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fieldErrors(400, toFieldErrors(result.error));
}

/**
 * application/json or any application/*+json, with optional parameters (charset). Requiring it means a
 * web page cannot send a body as a CORS "simple request" (text/plain, forms) without a preflight.
 */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads and validates a JSON body: another content type is a 415, a body that is not JSON a 400,
 * never a 500. Every string in it, object keys included, is cleaned.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const type = c.req.header('Content-Type');
  if (!type || !JSON_CONTENT_TYPE.test(type)) {
    const got = type ? `got ${JSON.stringify(cleanText(type).slice(0, 100))}` : 'no Content-Type was sent';
    throw new ApiError(415, `Send the request body as JSON with Content-Type: application/json (${got})`);
  }
  const body = parseRequestJson(await c.req.text());
  if (!body.ok) {
    // A problem inside one field names it, as a schema's field errors do.
    if (body.field) throw fieldError(400, body.field, body.problem);
    throw new ApiError(400, `Request body ${body.problem}`);
  }
  return parseOrThrow(schema, body.value);
}

export function query<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, cleanRecord(c.req.query()));
}

/** A path parameter checked by `schema`; one that does not match is a 404 (no such resource). */
export function param<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> {
  const result = schema.safeParse(pathText(c, name));
  if (!result.success) throw new ApiError(404, 'Not found');
  return result.data;
}

/** A path parameter as cleaned text, for routes that resolve it themselves (a provider's name, a file's). */
export function pathText(c: Context, name: string): string {
  return cleanText(c.req.param(name) ?? '');
}

export function header<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> | undefined {
  const value = c.req.header(name);
  if (value === undefined) return undefined;
  const result = schema.safeParse(cleanText(value));
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error).map((e) => ({
    path: e.path ? `${name}.${e.path}` : name,
    message: e.message,
  }));
  throw fieldErrors(400, errors, `${name} header is invalid`);
}

/** A multipart form with every text field (name and value) cleaned; files are kept as sent. */
export function cleanForm(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') clean.append(cleanText(name), cleanText(value));
    else clean.append(cleanText(name), value, value.name);
  }
  return clean;
}
