import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operator's routes: `Authorization: Bearer <TROVE_ADMIN_TOKEN>`, compared in constant time (of
 * fixed-length digests, so the token's length does not leak either). Without a configured token the
 * routes do not exist (404).
 */
export const requireAdmin = (adminToken: string | undefined) => {
  const expected = adminToken ? digest(adminToken) : undefined;
  return createMiddleware(async (c, next) => {
    if (!expected) throw new ApiError(404, `No route for ${c.req.method} ${c.req.path}`);
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected))
      throw new ApiError(401, 'Missing or invalid admin token');
    await next();
  });
};
