import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcLogins } from '../../db/schema';
import { hashCode } from '../operator/registration';

/** How long a sign-in through the provider may take, from its start to the extension's exchange. */
export const OIDC_LOGIN_MINUTES = 10;

const s256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A sign-in started: what the provider must echo (state, nonce) and prove (PKCE) is kept, the state as a hash. */
export async function startLogin(
  db: Db,
  input: { state: string; nonce: string; codeVerifier: string; challenge: string; returnTo: string },
) {
  // logins long over are of no use to anyone
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(oidcLogins).values({
    stateHash: hashCode(input.state),
    nonce: input.nonce,
    codeVerifier: input.codeVerifier,
    challenge: input.challenge,
    returnTo: input.returnTo,
    expiresAt: new Date(Date.now() + OIDC_LOGIN_MINUTES * 60 * 1000),
  });
}

/** The login of a live state, spent by this call (one conditional update: a replayed callback finds nothing). */
export async function spendState(db: Db, state: string) {
  const [row] = await db
    .update(oidcLogins)
    .set({ calledBackAt: sql`now()` })
    .where(
      and(
        eq(oidcLogins.stateHash, hashCode(state)),
        isNull(oidcLogins.calledBackAt),
        gt(oidcLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The one-time code the extension exchanges for `userId`'s tokens (only its hash is kept). */
export async function issueHandoff(db: Db, loginId: number, userId: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .update(oidcLogins)
    .set({ userId, handoffHash: hashCode(code) })
    .where(eq(oidcLogins.id, loginId));
  return code;
}

/**
 * Spends a code and answers its user when `verifier` is the one whose S256 hash started the sign-in; a wrong verifier
 * spends the code too, so it cannot be guessed at.
 */
export async function exchangeHandoff(db: Db, code: string, verifier: string): Promise<number | null> {
  const [row] = await db
    .update(oidcLogins)
    .set({ exchangedAt: sql`now()` })
    .where(
      and(
        eq(oidcLogins.handoffHash, hashCode(code)),
        isNull(oidcLogins.exchangedAt),
        isNotNull(oidcLogins.userId),
        gt(oidcLogins.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oidcLogins.userId, challenge: oidcLogins.challenge });
  if (!row?.userId) return null;
  const expected = Buffer.from(row.challenge);
  const given = Buffer.from(s256(verifier));
  return expected.length === given.length && timingSafeEqual(expected, given) ? row.userId : null;
}
