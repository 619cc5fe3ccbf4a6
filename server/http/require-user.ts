import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/tokens';
import { preparedFor } from '../db/prepared';
import { users } from '../db/schema';
import type { AppEnv, Deps } from './env';
import { ApiError } from './errors';
import { RecentOwners } from './recent-owners';

/** The user's gem-owner fields by id, a prepared statement. */
const userProbe = preparedFor((db) =>
  db
    .select({ id: users.id, username: users.username, unfilteredCollectionId: users.unfilteredCollectionId })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_probe'),
);

/**
 * A valid access token of a user who still exists. The token alone outlives a deleted account (up to
 * its TTL), so the user's row is looked up: one primary-key probe, at most every OWNER_TTL_MS per user
 * (see recent-owners.ts), which also gives the routes that save gems their owner (`c.get('owner')`).
 */
export const requireUser = (deps: Deps) => {
  const recent = new RecentOwners();
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Missing or invalid credentials');
    const userId = verifyAccessToken(deps.tokens, match[1]);
    if (!userId) throw new ApiError(401, 'Access token is invalid or expired');
    let owner = recent.get(userId);
    if (!owner) {
      [owner] = await userProbe(deps.db).execute({ id: userId });
      if (!owner) throw new ApiError(401, 'User no longer exists');
      // Only a fresh look-up starts the time: an active user's row is still looked up every OWNER_TTL_MS.
      recent.remember(owner);
    }
    c.set('userId', userId);
    c.set('owner', owner);
    await next();
  });
};
