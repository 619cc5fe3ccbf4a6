import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../lib/api/contract';

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
  431: 'RequestHeaderFieldsTooLargeError',
  500: 'InternalServerError',
};

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);

export function errorBody(status: number, message: string, details?: unknown): ApiErrorBody {
  return { error: { status, name: NAMES[status] ?? 'Error', message, ...(details === undefined ? {} : { details }) } };
}

export function sendError(c: Context, status: ContentfulStatusCode, message: string, details?: unknown) {
  return c.json(errorBody(status, message, details), status);
}

export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error naming the request fields it is about in `details.errors`. Its message is the first
 * field's `path: message` unless a sentence meant for the user is given as `headline`; `more` adds
 * details of its own (a position in the field's text).
 */
export function fieldErrors(
  status: ContentfulStatusCode,
  errors: FieldError[],
  headline?: string,
  more?: Record<string, unknown>,
) {
  const first = errors[0];
  const named = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
  return new ApiError(status, headline ?? named, { ...more, errors });
}

/** An error naming the one request field it is about (see fieldErrors). */
export const fieldError = (status: ContentfulStatusCode, path: string, message: string, headline?: string) =>
  fieldErrors(status, [{ path, message }], headline);
