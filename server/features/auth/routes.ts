import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { loginBody, refreshBody, registerBody } from '../../../lib/api/contract';
import { rememberAddress } from '../../auth/known-addresses';
import { accountOf, guardSignIn } from '../../auth/sign-in-guard';
import { issueRefreshToken, revokeRefreshFamily, rotateRefreshToken, signAccessToken } from '../../auth/tokens';
import type { Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { clientAddress, enforceLimit, tooManyRequests } from '../../http/rate-limit';
import { recentOwnersOf } from '../../http/recent-owners';
import { jsonBody } from '../../http/validate';
import { authenticate, findUserByIdentifier, getUser, registerUser, toUser } from '../users/users';

/**
 * Sign-up and sign-in on Strapi's paths and shapes; refresh tokens rotate on every use. Sign-in failures
 * are slowed down per account and address (server/auth/sign-in-guard.ts); sign-up and refresh are limited per address.
 */
export function authRoutes(deps: Deps) {
  const { db, tokens } = deps;
  const { limits, trustedProxies } = deps.requests;
  /** A new sign-in's session, or the next of sign-in `rotated` (a refresh). */
  const session = async (
    user: Awaited<ReturnType<typeof getUser>>,
    rotated?: { familyId: string; refreshToken: string },
  ) => {
    const familyId = rotated?.familyId ?? randomUUID();
    return {
      jwt: await signAccessToken(tokens, user.id, familyId),
      refreshToken: rotated?.refreshToken ?? (await issueRefreshToken(db, tokens, user.id, familyId)),
      user: toUser(user),
    };
  };

  return new Hono()
    .post('/local/register', async (c) => {
      const address = clientAddress(c, trustedProxies);
      await enforceLimit(c, db, limits.register, `register:address:${address}`, 'Too many sign-ups from this address');
      const input = await jsonBody(c, registerBody);
      const user = await registerUser(db, input);
      await rememberAddress(db, user.id, address); // the owner's own address, outside the per-account budget
      return c.json(await session(user), 201);
    })
    .post('/local', async (c) => {
      const { identifier, password } = await jsonBody(c, loginBody);
      const user = await findUserByIdentifier(db, identifier);
      const address = clientAddress(c, trustedProxies);
      const attempt = { account: accountOf(user?.id, identifier), userId: user?.id, address };
      const outcome = await guardSignIn(db, limits, attempt, async () => (await authenticate(user, password)) !== null);
      if (!outcome.allowed) throw tooManyRequests(c, outcome.retryAfterSeconds, 'Too many failed sign-in attempts');
      if (!outcome.succeeded || !user) throw new ApiError(400, 'Invalid identifier or password');
      return c.json(await session(user));
    })
    .post('/refresh', async (c) => {
      const address = clientAddress(c, trustedProxies);
      await enforceLimit(
        c,
        db,
        limits.refresh,
        `refresh:address:${address}`,
        'Too many token refreshes from this address',
      );
      const { refreshToken } = await jsonBody(c, refreshBody);
      const result = await rotateRefreshToken(db, tokens, refreshToken);
      if (!result.ok) throw new ApiError(401, result.reason);
      return c.json(await session(await getUser(db, result.userId), result));
    })
    .post('/logout', async (c) => {
      const { refreshToken } = await jsonBody(c, refreshBody);
      const familyId = await revokeRefreshFamily(db, refreshToken);
      // its access tokens are refused from the next request on (require-user.ts)
      if (familyId) recentOwnersOf(deps).forget(familyId);
      return c.json({ data: { signedOut: true } });
    });
}
