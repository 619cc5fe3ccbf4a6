import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, UNFINISHED } from '../../db/schema';
import { startPeriodic } from '../../periodic';
import { returnExpiredHolds } from '../credits/credits';
import { returnExpiredTeamHolds } from '../teams/allowance';
import { fromNow } from './leases';

/** The error an answer orphaned by a crash ends with (its partial text is kept). */
export const INTERRUPTED = 'The answer was interrupted; regenerate to try again';

/**
 * Unfinished answers no server copy is generating: the lease expired (its copy stopped renewing), or
 * there is none and the row was not written for a lease's duration (rows from before leases). All
 * comparisons use the database clock. A live answer's lease is renewed, so it never matches.
 */
const orphaned = (leaseSeconds: number) =>
  and(
    inArray(messages.status, [...UNFINISHED]),
    or(
      lt(messages.leaseExpiresAt, sql`now()`),
      and(isNull(messages.leaseExpiresAt), lt(messages.updatedAt, fromNow(-leaseSeconds))),
    ),
  );

const interrupted = {
  status: 'error',
  error: INTERRUPTED,
  leaseOwner: null,
  leaseExpiresAt: null,
  updatedAt: sql`now()`,
} as const;

/**
 * Marks every orphaned answer interrupted; returns their ids. Their credit holds (house models') are
 * leased apart and given back by the same sweep (returnExpiredHolds), stored answers or not.
 */
export async function recoverOrphans(db: Db, leaseSeconds: number): Promise<number[]> {
  const rows = await db.update(messages).set(interrupted).where(orphaned(leaseSeconds)).returning({ id: messages.id });
  return rows.map((row) => row.id);
}

/** Marks one answer interrupted if it is orphaned; returns its row then, else undefined. */
export async function recoverMessage(db: Db, leaseSeconds: number, messageId: number) {
  const [row] = await db
    .update(messages)
    .set(interrupted)
    .where(and(eq(messages.id, messageId), orphaned(leaseSeconds)))
    .returning();
  return row;
}

/** Sweeps twice per lease, so an orphan is found at most 1.5 leases after its copy's last renewal. */
const SWEEPS_PER_LEASE = 2;

/**
 * Recovery of answers orphaned by a crash, and of their credit holds: a sweep now (start-up) and then periodically, one
 * at a
 * time. `stop()` ends the timer and waits for a sweep in progress (before the database closes).
 */
export function startRecovery(db: Db, leaseSeconds: number) {
  const sweep = async () => {
    const ids = await recoverOrphans(db, leaseSeconds);
    if (ids.length)
      console.log(`[trove] marked ${ids.length} interrupted answer(s) as failed: message ${ids.join(', ')}`);
    const holds = await returnExpiredHolds(db);
    if (holds) console.log(`[trove] gave back ${holds} credit hold(s) of answers whose server copy stopped`);
    const teamHolds = await returnExpiredTeamHolds(db);
    if (teamHolds) console.log(`[trove] gave back ${teamHolds} team allowance hold(s) of answers whose copy stopped`);
  };
  return startPeriodic(sweep, (leaseSeconds * 1000) / SWEEPS_PER_LEASE, 'recovering interrupted answers');
}
