import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { type ApiResponse, expectError } from './harness';

/**
 * Helpers for the rate-limit tests. Their servers trust one proxy (`trustedProxies: 1`), so a test
 * chooses the caller's address with X-Forwarded-For; each address is random, so tests (and, on
 * PostgreSQL, test files sharing the database) never share a counter.
 */
export const newAddress = () => `10.${[...randomBytes(3)].join('.')}`;

export const from = (address: string) => ({ 'X-Forwarded-For': address });

/** Asserts a 429 with a positive whole `Retry-After` that the body repeats; returns the seconds. */
export function expectLimited(res: ApiResponse, message: RegExp): number {
  const error = expectError(res, 429, 'RateLimitError');
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(error.details).toEqual({ retryAfterSeconds: Number(retryAfter) });
  expect(error.message).toMatch(message);
  expect(error.message).toMatch(/Try again in \d+ seconds?\.$/);
  return Number(retryAfter);
}
