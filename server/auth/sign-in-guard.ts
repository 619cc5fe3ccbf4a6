import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import type { RateLimitSettings } from './limits';
import { clearAttempts, countHit, type Decision, hitsInWindow, releaseAttempt, reserveAttempt } from './rate-limit';

/**
 * Password guessing is slowed down, never turned into a lockout that anyone could use against a victim:
 *
 * 1. Per (account, address), the strict part: a few free failures, then exponential backoff (429 with
 *    Retry-After) up to 15 minutes. A success there clears it. Failures from an attacker's address do
 *    nothing to the victim's own address.
 * 2. Per address, across accounts: more free failures, the same backoff. It stops one address trying one
 *    password on many accounts. (Only people sharing that address can be slowed by it.)
 * 3. Per account, across addresses: it never refuses. When an account collects many failures from
 *    everywhere it is "under attack", and every (account, address) then gets one free failure instead of
 *    five, so a botnet gets one guess per address per backoff while the owner, on any address, still has
 *    a first try that is let through at once.
 *
 * The account is the user (by id) when the identifier names one, else the identifier itself (normalised
 * and hashed), so unknown names are limited exactly like real ones. Attempts are counted when let through,
 * before the password is checked, so concurrent guesses cannot slip past, and a refused attempt never
 * reaches the password check.
 */

export interface SignInAttempt {
  /** `user:<id>` for a known user, else a hash of the normalised identifier. */
  account: string;
  address: string;
}

export const accountOf = (userId: number | undefined, identifier: string) =>
  userId === undefined
    ? `name:${createHash('sha256').update(identifier.toLowerCase()).digest('base64url')}`
    : `user:${userId}`;

const keys = ({ account, address }: SignInAttempt) => ({
  pair: `sign-in:pair:${account}:${address}`,
  address: `sign-in:address:${address}`,
  account: `sign-in:account:${account}`,
});

export type SignInOutcome = Exclude<Decision, { allowed: true }> | { allowed: true; succeeded: boolean };

/**
 * Runs `check` (the password check; true when it is right) unless a limit refuses the attempt, then
 * records the outcome. Refused: `{allowed: false, retryAfterSeconds}`, and `check` was not called.
 */
export async function guardSignIn(
  db: Db,
  limits: RateLimitSettings,
  attempt: SignInAttempt,
  check: () => Promise<boolean>,
): Promise<SignInOutcome> {
  const key = keys(attempt);
  const underAttack = limits.accountUnderAttack
    ? (await hitsInWindow(db, key.account, limits.accountUnderAttack.windowSeconds)) >=
      limits.accountUnderAttack.failures
    : false;
  const pairBackoff = underAttack
    ? { ...limits.signIn, freeFailures: Math.min(1, limits.signIn.freeFailures) }
    : limits.signIn;

  const pair = await reserveAttempt(db, key.pair, pairBackoff);
  if (!pair.allowed) return pair;
  if (limits.signInPerAddress) {
    const address = await reserveAttempt(db, key.address, limits.signInPerAddress);
    if (!address.allowed) {
      await releaseAttempt(db, key.pair, pairBackoff);
      return address;
    }
  }

  const succeeded = await check();
  if (succeeded) {
    await clearAttempts(db, key.pair);
    if (limits.signInPerAddress) await releaseAttempt(db, key.address, limits.signInPerAddress);
  } else if (limits.accountUnderAttack) {
    await countHit(db, key.account, {
      max: limits.accountUnderAttack.failures,
      windowSeconds: limits.accountUnderAttack.windowSeconds,
    });
  }
  return { allowed: true, succeeded };
}
