import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { isKnownAddress, rememberAddress } from './known-addresses';
import type { RateLimitSettings } from './limits';
import { type Backoff, clearAttempts, type Decision, releaseAttempt, reserveAttempt } from './rate-limit';

/**
 * Password guessing is slowed down, never turned into a lockout that anyone could use against a victim:
 *
 * 1. Per (account, address), the strict part: a few free failures, then exponential backoff (429 with
 *    Retry-After) up to 15 minutes. A success there clears it. Failures from an attacker's address do
 *    nothing to the victim's own address.
 * 2. Per address, across accounts: more free failures, the same backoff. It stops one address trying one
 *    password on many accounts. (Only people sharing that address can be slowed by it.)
 * 3. Per account, across every address the account has not signed in from (known-addresses.ts): one
 *    budget, the same backoff, however many addresses a botnet spreads its guesses over. The addresses
 *    the owner signed in from (or signed up) stay outside it and keep only their own limit (1), so an
 *    attacker cannot lock the owner out of them; a new address during an attack waits like the attacker.
 *
 * The account is the user (by id) when the identifier names one, else the identifier itself (normalised
 * and hashed), so unknown names are limited exactly like real ones. Attempts are counted when let through,
 * before the password is checked, so concurrent guesses cannot slip past, and a refused attempt never
 * reaches the password check.
 */

export interface SignInAttempt {
  /** `user:<id>` for a known user, else a hash of the normalised identifier. */
  account: string;
  /** The user the identifier names, if any. */
  userId?: number;
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

type Reserved = { key: string; backoff: Backoff };

/** Reserves an attempt on each limit in turn; when one refuses, gives back those already reserved. */
async function reserveAll(db: Db, limits: Reserved[]): Promise<Decision & { reserved: Reserved[] }> {
  const reserved: Reserved[] = [];
  for (const limit of limits) {
    const decision = await reserveAttempt(db, limit.key, limit.backoff);
    if (!decision.allowed) {
      for (const done of reserved) await releaseAttempt(db, done.key, done.backoff);
      return { ...decision, reserved: [] };
    }
    reserved.push(limit);
  }
  return { allowed: true, reserved };
}

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
  const known = attempt.userId !== undefined && (await isKnownAddress(db, attempt.userId, attempt.address));
  const toReserve: Reserved[] = [{ key: key.pair, backoff: limits.signIn }];
  if (limits.signInPerAddress) toReserve.push({ key: key.address, backoff: limits.signInPerAddress });
  if (limits.signInPerAccount && !known) toReserve.push({ key: key.account, backoff: limits.signInPerAccount });
  const reservation = await reserveAll(db, toReserve);
  if (!reservation.allowed) return { allowed: false, retryAfterSeconds: reservation.retryAfterSeconds };

  const succeeded = await check();
  if (succeeded) {
    // the pair's streak ends; the address's and the account's budgets get this attempt back (not their streaks:
    // the owner signing in meanwhile does not give a botnet new free guesses)
    for (const { key: reservedKey, backoff } of reservation.reserved) {
      if (reservedKey === key.pair) await clearAttempts(db, reservedKey);
      else await releaseAttempt(db, reservedKey, backoff);
    }
    if (attempt.userId !== undefined) await rememberAddress(db, attempt.userId, attempt.address);
  }
  return { allowed: true, succeeded };
}
