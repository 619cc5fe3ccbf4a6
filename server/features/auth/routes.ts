import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { authApi } from '../../../lib/api/routes/auth';
import { oidcApi } from '../../../lib/api/routes/oidc';
import { rememberAddress } from '../../auth/known-addresses';
import { accountOf, guardSignIn } from '../../auth/sign-in-guard';
import { issueRefreshToken, revokeRefreshFamily, rotateRefreshToken, signAccessToken } from '../../auth/tokens';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { clientAddress, enforceLimit, tooManyRequests } from '../../http/rate-limit';
import { recentOwnersOf } from '../../http/recent-owners';
import { tokenClient } from '../../http/token-client';
import { exchangeHandoff } from '../oidc/logins';
import { DISABLED_MESSAGE } from '../operator/admin-users';
import { registrationMode } from '../operator/registration';
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
    c: Context,
    user: Awaited<ReturnType<typeof getUser>>,
    rotated?: { familyId: string; refreshToken: string },
  ) => {
    const familyId = rotated?.familyId ?? randomUUID();
    return {
      jwt: await signAccessToken(tokens, user.id, familyId),
      refreshToken:
        rotated?.refreshToken ??
        (await issueRefreshToken(db, tokens, user.id, familyId, undefined, tokenClient(c, trustedProxies))),
      user: toUser(user),
    };
  };

  /** A limit per client address, checked before the body is read. */
  const perAddress =
    (limit: 'register' | 'refresh', message: string): MiddlewareHandler =>
    async (c, next) => {
      await enforceLimit(c, db, limits[limit], `${limit}:address:${clientAddress(c, trustedProxies)}`, message);
      await next();
    };

  return contractRoutes('/api/auth')
    .implement(
      authApi.register,
      async (c, { body }) => {
        const user = await registerUser(db, body, await registrationMode(db, deps.registration ?? 'open'));
        // the owner's own address, outside the per-account budget
        await rememberAddress(db, user.id, clientAddress(c, trustedProxies));
        return { status: 201, body: await session(c, user) };
      },
      { middleware: [perAddress('register', 'Too many sign-ups from this address')] },
    )
    .implement(authApi.signIn, async (c, { body: { identifier, password } }) => {
      const user = await findUserByIdentifier(db, identifier);
      const address = clientAddress(c, trustedProxies);
      const attempt = { account: accountOf(user?.id, identifier), userId: user?.id, address };
      const outcome = await guardSignIn(db, limits, attempt, async () => (await authenticate(user, password)) !== null);
      if (!outcome.allowed) throw tooManyRequests(c, outcome.retryAfterSeconds, 'Too many failed sign-in attempts');
      if (!outcome.succeeded || !user) throw new ApiError(400, 'Invalid identifier or password');
      // said only to whoever knows the password
      if (user.disabledAt) throw new ApiError(403, DISABLED_MESSAGE);
      return { status: 200, body: await session(c, user) };
    })
    .implement(
      authApi.refresh,
      async (c, { body: { refreshToken } }) => {
        const result = await rotateRefreshToken(db, tokens, refreshToken, tokenClient(c, trustedProxies));
        if (!result.ok) throw new ApiError(401, result.reason);
        return { status: 200, body: await session(c, await getUser(db, result.userId), result) };
      },
      { middleware: [perAddress('refresh', 'Too many token refreshes from this address')] },
    )
    .implement(
      oidcApi.exchange,
      async (c, { body: { code, verifier } }) => {
        const userId = await exchangeHandoff(db, code, verifier);
        if (userId === null) throw fieldError(400, 'code', 'This sign-in code is not valid: sign in again');
        const user = await getUser(db, userId);
        if (user.disabledAt) throw new ApiError(403, DISABLED_MESSAGE);
        await rememberAddress(db, user.id, clientAddress(c, trustedProxies));
        return { status: 200, body: await session(c, user) };
      },
      { middleware: [perAddress('refresh', 'Too many token requests from this address')] },
    )
    .implement(authApi.signOut, async (_, { body: { refreshToken } }) => {
      const familyId = await revokeRefreshFamily(db, refreshToken);
      // its access tokens are refused from the next request on (require-user.ts)
      if (familyId) recentOwnersOf(deps).forget(familyId);
      return { status: 200, body: { data: { signedOut: true as const } } };
    }).app;
}
