import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/tokens';
import { preparedFor } from '../db/prepared';
import { users } from '../db/schema';
import type { AppEnv, Deps } from './env';
import { ApiError } from './errors';

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
 * its TTL), so the user's row is looked up on every request: one primary-key probe, which also gives
 * the routes that save gems their owner (`c.get('owner')`) without a second look-up.
 */
export const requireUser = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Missing or invalid credentials');
    const userId = verifyAccessToken(deps.tokens, match[1]);
    if (!userId) throw new ApiError(401, 'Access token is invalid or expired');
    const [owner] = await userProbe(deps.db).execute({ id: userId });
    if (!owner) throw new ApiError(401, 'User no longer exists');
    c.set('userId', userId);
    c.set('owner', owner);
    await next();
  });
