import type { Context } from 'hono';
import { accountOf, guardSignIn } from '../../auth/sign-in-guard';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { clientAddress, tooManyRequests } from '../../http/rate-limit';
import { authenticate, getUser } from '../users/users';

/**
 * Checks the signed-in user's password typed again (to change it, change the email, delete the account). Wrong ones
 * count with failed sign-ins, on the same limits (server/auth/sign-in-guard.ts), so these routes are no way around
 * them. Wrong: a 400 naming `field`; too many: a 429.
 */
export async function checkOwnPassword(deps: Deps, c: Context, userId: number, password: string, field: string) {
  const user = await getUser(deps.db, userId);
  const address = clientAddress(c, deps.requests.trustedProxies);
  const attempt = { account: accountOf(user.id, user.username), userId: user.id, address };
  const outcome = await guardSignIn(
    deps.db,
    deps.requests.limits,
    attempt,
    async () => (await authenticate(user, password)) !== null,
  );
  if (!outcome.allowed) throw tooManyRequests(c, outcome.retryAfterSeconds, 'Too many wrong passwords');
  if (!outcome.succeeded) throw fieldError(400, field, 'The current password is not right');
  return user;
}
