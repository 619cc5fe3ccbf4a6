import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RegistrationMode } from '../../../lib/api/operator-contract';
import { usernameSchema } from '../../../lib/api/validators';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { oidcIdentities, registrationInvites, users } from '../../db/schema';
import type { UserRow } from '../../db/types';
import { createAccount, getUser } from '../users/users';
import type { SignInClaims } from './client';

/**
 * Which account a sign-in through the provider is (README, "Running Trove for a group"): the account already linked
 * to its subject; else the account whose email is the provider's VERIFIED email, which is linked from then on; else a
 * new account, as the registration mode allows: `open` makes it, `invite` makes it only for an address an admin's
 * pending invitation names (spent), `closed` makes none. An unverified email links and makes nothing.
 */

export type Resolution = { ok: true; user: UserRow; created: boolean } | { ok: false; reason: Refusal };
export type Refusal = 'unverified' | 'no-email' | 'closed' | 'not-invited';

export async function resolveAccount(
  db: Db,
  issuer: string,
  claims: SignInClaims,
  mode: RegistrationMode,
): Promise<Resolution> {
  const [linked] = await db
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, claims.subject)));
  if (linked) return { ok: true, user: await getUser(db, linked.userId), created: false };
  if (!claims.email) return { ok: false, reason: 'no-email' };
  if (!claims.emailVerified) return { ok: false, reason: 'unverified' };
  const email = claims.email;
  const [byEmail] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (byEmail) {
    await link(db, byEmail.id, issuer, claims.subject);
    return { ok: true, user: byEmail, created: false };
  }
  if (mode === 'closed') return { ok: false, reason: 'closed' };
  // a password no one knows, marked as not set: Options → Account offers to set one (or "Forgot password?")
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const username = await freeUsername(db, claims);
  const user = await createAccount(db, { username, email, passwordHash, passwordSet: false }, (tx) =>
    mode === 'open' ? Promise.resolve(null) : claimInvitationFor(tx, email),
  ).catch((error) => {
    if (error instanceof NotInvited) return null;
    throw error;
  });
  if (!user) return { ok: false, reason: 'not-invited' };
  await link(db, user.id, issuer, claims.subject);
  return { ok: true, user, created: true };
}

const link = (db: Db, userId: number, issuer: string, subject: string) =>
  db.insert(oidcIdentities).values({ userId, issuer, subject }).onConflictDoNothing();

class NotInvited extends Error {}

/** Spends a pending invitation naming `email`; none, and the account is not made. */
async function claimInvitationFor(tx: Db, email: string): Promise<number> {
  const [claimed] = await tx
    .update(registrationInvites)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        sql`lower(${registrationInvites.email}) = lower(${email})`,
        isNull(registrationInvites.usedAt),
        gt(registrationInvites.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: registrationInvites.id });
  if (!claimed) throw new NotInvited();
  return claimed.id;
}

/** A username by Trove's rules from the provider's preferred username or the email's local part, made unique. */
async function freeUsername(db: Db, claims: SignInClaims): Promise<string> {
  const letters = (value: string | null) => (value ?? '').replace(/[^A-Za-z0-9]/g, '').replace(/^[0-9]+/, '');
  const base = (letters(claims.preferredUsername) || letters(claims.email?.split('@')[0] ?? '') || 'user').slice(0, 10);
  for (let n = 0; n < 50; n += 1) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!usernameSchema.safeParse(candidate).success) continue;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
  return `user${randomBytes(4).readUInt32BE() % 1_000_000_000}`.slice(0, 14);
}
