import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { hashCode, newSecret } from './registration';
import { signOutEverywhere } from './sessions';

/** How long a reset link works. */
export const RESET_MINUTES = 30;

export const resetPath = (token: string) => `reset-password/${encodeURIComponent(token)}`;

/** A new one-time reset token for `userId` (only its hash is stored); earlier unused ones of the user die. */
export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId,
      tokenHash: hashCode(token),
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60 * 1000),
    });
  });
  return token;
}

/** The user a live (unused, unexpired) token resets, or undefined. */
export async function resetTarget(db: Db, token: string) {
  const [row] = await db
    .select({ userId: passwordResets.userId, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashCode(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Spends the token and sets the password, then signs the user out everywhere. False when the token is not (or no
 * longer) live: two submissions at once cannot both use it (the spend is one conditional update).
 */
export async function resetPassword(deps: { db: Db }, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashCode(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) return null;
    await tx.update(users).set({ passwordHash, passwordSet: true }).where(eq(users.id, spent.userId));
    return spent.userId;
  });
  if (userId === null) return false;
  await signOutEverywhere(deps, userId);
  return true;
}
