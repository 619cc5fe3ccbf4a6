import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';

export interface FieldError {
  path: string;
  message: string;
}

function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error);
  const first = errors[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
  throw new ApiError(400, message, { errors });
}

/** Reads and validates a JSON body; a body that is not JSON is a 400, not a 500. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'Request body must be valid JSON');
  }
  return parseOrThrow(schema, body);
}

export function query<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query());
}

export function param<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) throw new ApiError(404, 'Not found');
  return result.data;
}

export function header<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> | undefined {
  const value = c.req.header(name);
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, `${name} header is invalid`, { errors: toFieldErrors(result.error) });
  return result.data;
}
