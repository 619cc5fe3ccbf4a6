import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/tokens';
import type { AppEnv, Deps } from './env';
import { ApiError } from './errors';

export const requireUser = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Missing or invalid credentials');
    const userId = await verifyAccessToken(deps.tokens, match[1]);
    if (!userId) throw new ApiError(401, 'Access token is invalid or expired');
    c.set('userId', userId);
    await next();
  });
