import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { countHit, type WindowLimit } from '../auth/rate-limit';
import type { Db } from '../db/client';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/**
 * The caller's address: the socket's peer, or, only when the operator says the server sits behind
 * `trustedProxies` reverse proxies (TROVE_TRUST_PROXY), the address those proxies put in X-Forwarded-For
 * (each proxy appends the address it saw, so the client is the entry that many places from the end).
 * Trusting the header without a proxy would let anyone choose their address and escape every limit.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const client = forwarded[Math.max(0, forwarded.length - trustedProxies)];
    if (client) return client.slice(0, 100);
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}

/**
 * A 429 saying when to try again, in the body and in `Retry-After` (the error handler answers with this context's
 * headers).
 */
export function tooManyRequests(c: Context, retryAfterSeconds: number, what: string): ApiError {
  c.header('Retry-After', String(retryAfterSeconds));
  const wait = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  return new ApiError(429, `${what}. Try again in ${wait}.`, { retryAfterSeconds });
}

/** Counts this request under `key`; over `limit` (null: no limit), throws a 429. */
export async function enforceLimit(
  c: Context,
  db: Db,
  limit: WindowLimit | null,
  key: string,
  what: string,
): Promise<void> {
  if (!limit) return;
  const decision = await countHit(db, key, limit);
  if (!decision.allowed) throw tooManyRequests(c, decision.retryAfterSeconds, what);
}

/** Uploads per signed-in user (mounted after the user check, before the body is read). */
export const limitUploads = (db: Db, limit: WindowLimit | null) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceLimit(c, db, limit, `upload:user:${c.get('userId')}`, 'Too many uploads');
    await next();
  });
