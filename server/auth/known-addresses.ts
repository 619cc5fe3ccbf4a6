import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInAddresses } from '../db/schema';

/** How long an address a user signed in from stays theirs (outside the per-account budget) without another sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;

const stale = sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`;

/** Whether user `userId` signed in (or signed up) from `address` within KNOWN_ADDRESS_DAYS. */
export async function isKnownAddress(db: Db, userId: number, address: string): Promise<boolean> {
  const [row] = await db
    .select({ lastAt: signInAddresses.lastAt })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId),
        eq(signInAddresses.address, address),
        sql`${signInAddresses.lastAt} > ${stale}`,
      ),
    );
  return row !== undefined;
}

/** Notes that user `userId` signed in from `address` now, and forgets their addresses unused for KNOWN_ADDRESS_DAYS. */
export async function rememberAddress(db: Db, userId: number, address: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastAt: sql`now()` })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastAt: sql`now()` } });
  await db.delete(signInAddresses).where(and(eq(signInAddresses.userId, userId), lt(signInAddresses.lastAt, stale)));
}
