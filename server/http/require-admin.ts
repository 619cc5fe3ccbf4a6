import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/tokens';
import { refreshTokens, users } from '../db/schema';
import type { Deps } from './env';
import { ApiError } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Hono environment of the admin routes: the admin user acting, or null for the operator's token. */
export interface AdminEnv {
  Variables: { adminUserId: number | null };
}

/**
 * The admin routes: `Authorization: Bearer <token>` with the operator's TROVE_ADMIN_TOKEN (compared in constant time,
 * of fixed-length digests, so its length does not leak either) or an access token of an admin user who is not
 * disabled, from a live sign-in. Anyone else gets 404 when no token is configured (the routes do not show), else 401.
 */
export const requireAdmin = ({ adminToken, db, tokens }: Pick<Deps, 'adminToken' | 'db' | 'tokens'>) => {
  const expected = adminToken ? digest(adminToken) : undefined;
  return createMiddleware<AdminEnv>(async (c, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (bearer && expected && timingSafeEqual(digest(bearer), expected)) {
      c.set('adminUserId', null);
      return next();
    }
    const access = bearer ? verifyAccessToken(tokens, bearer) : null;
    if (access) {
      const [admin] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, access.userId),
            eq(users.isAdmin, true),
            isNull(users.disabledAt),
            sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${access.sessionId}
              and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null)`,
          ),
        );
      if (admin) {
        c.set('adminUserId', admin.id);
        return next();
      }
    }
    if (!expected) throw new ApiError(404, `No route for ${c.req.method} ${c.req.path}`);
    throw new ApiError(401, 'Missing or invalid admin token');
  });
};
