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

/**
 * An error naming the request field it is about (`details.errors`, as validation errors do). Its
 * message is `path: message` unless a sentence meant for the user is given as `headline`.
 */
export const fieldError = (
  status: ContentfulStatusCode,
  path: string,
  message: string,
  headline = `${path}: ${message}`,
) => new ApiError(status, headline, { errors: [{ path, message }] });
