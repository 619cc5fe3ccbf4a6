import { and, eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/tokens';
import { preparedFor } from '../db/prepared';
import { refreshTokens, users } from '../db/schema';
import type { AppEnv, Deps } from './env';
import { ApiError } from './errors';
import { recentOwnersOf } from './recent-owners';

/** The user's gem-owner fields by id, and whether sign-in `sid` (a refresh-token family) is still live: a prepared statement. */
const userProbe = preparedFor((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      unfilteredCollectionId: users.unfilteredCollectionId,
      live: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sql.placeholder('sid')),
            eq(refreshTokens.userId, users.id),
            isNull(refreshTokens.revokedAt),
          ),
        )})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_probe'),
);

/**
 * A valid access token of a user who still exists, from a sign-in not signed out. The token alone outlives
 * both (up to its TTL), so the user's row and the sign-in's refresh-token family are looked up: one
 * primary-key probe, at most every OWNER_TTL_MS per sign-in (see recent-owners.ts), which also gives the
 * routes that save gems their owner (`c.get('owner')`).
 */
export const requireUser = (deps: Deps) => {
  const recent = recentOwnersOf(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Missing or invalid credentials');
    const token = verifyAccessToken(deps.tokens, match[1]);
    if (!token) throw new ApiError(401, 'Access token is invalid or expired');
    const { userId, sessionId } = token;
    let owner = recent.get(sessionId);
    if (!owner || owner.id !== userId) {
      const [row] = await userProbe(deps.db).execute({ id: userId, sid: sessionId });
      if (!row) throw new ApiError(401, 'User no longer exists');
      if (!row.live) throw new ApiError(401, 'This sign-in has ended (signed out); sign in again');
      owner = { id: row.id, username: row.username, unfilteredCollectionId: row.unfilteredCollectionId };
      // Only a fresh look-up starts the time: an active sign-in is still looked up every OWNER_TTL_MS.
      recent.remember(sessionId, owner);
    }
    c.set('userId', userId);
    c.set('owner', owner);
    c.set('sessionId', sessionId);
    await next();
  });
};
