import { and, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditHolds, userAiSettings } from '../../db/schema';
import type { AiModelRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import { fromNow, renewEvery } from '../answers/leases';
import { keepAllowanceHeld, settleAllowance, type TeamCharge } from '../teams/allowance';

/**
 * Credits held for house-model answers, so that answers started together cannot spend credits the
 * user does not have: each answer's hold is taken off the balance before anything is stored or sent
 * and recorded as a credit_holds row in the same transaction, then settled when the answer ends (its
 * cost less the hold, or the hold given back when it failed or was not stored), the row deleted by
 * the same statement. A hold is leased like an answer (server/features/answers/leases.ts): the copy answering renews
 * it, and recovery gives back a hold whose lease expired (its copy crashed, or settling failed).
 */

/**
 * The hold is the minimum charge (creditsFor is at least 1): every answer that is charged costs at
 * least that, so settling never gives back part of a hold, and a user may start an answer while
 * credits > 0 exactly as before. An estimate of the cost would refuse answers the balance still
 * covers in part; as before, a costlier answer takes the balance down to 0, no further.
 */
export const CREDIT_HOLD = 1;

export const noCreditsMessage = (model: Pick<AiModelRow, 'displayName'>) =>
  `You have no credits left to use ${model.displayName}`;

/** Who pays for a house model's answer, and its hold: the credit_holds row (null once settled) and its lease. */
export interface Charge {
  db: Db;
  userId: number;
  holdId: number | null;
  /** How long the hold lasts unless renewed (the answer lease's length). */
  seconds: number;
  /** An answer through a team's shared key: charged to the member's allowance there (teams/allowance.ts), not credits. */
  team?: TeamCharge;
}

/** Takes `credits` off the balance if it covers them, and records one hold row per answer (all or none). */
async function takeHolds(db: Db, userId: number, count: number, seconds: number): Promise<number[] | undefined> {
  const credits = CREDIT_HOLD * count;
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(userAiSettings)
      .set({ credits: sql`${userAiSettings.credits} - ${credits}`, updatedAt: sql`now()` })
      .where(and(eq(userAiSettings.userId, userId), gte(userAiSettings.credits, credits)))
      .returning({ credits: userAiSettings.credits });
    if (!taken.length) return undefined;
    const rows = await tx
      .insert(creditHolds)
      .values(Array.from({ length: count }, () => ({ userId, credits: CREDIT_HOLD, expiresAt: fromNow(seconds) })))
      .returning({ id: creditHolds.id });
    return rows.map(({ id }) => id);
  });
}

/**
 * Holds CREDIT_HOLD credits for each house model's answer, all in one transaction, each leased for
 * `seconds`: when the balance does not cover them all, none is held and the request is refused as at
 * 0 credits (400), naming the first house model left uncovered. Returns each answer with its hold
 * (null for other models).
 */
export async function holdCredits<T extends { model: AiModelRow }>(
  db: Db,
  userId: number,
  answers: T[],
  seconds: number,
): Promise<(T & { holdId: number | null })[]> {
  const house = answers.filter(({ model }) => model.isHouseModel);
  const [first] = house;
  if (!first) return answers.map((answer) => ({ ...answer, holdId: null }));
  const holds = await takeHolds(db, userId, house.length, seconds);
  if (!holds) {
    const [row] = await db
      .select({ credits: userAiSettings.credits })
      .from(userAiSettings)
      .where(eq(userAiSettings.userId, userId));
    const covered = Math.max(0, Math.floor((row?.credits ?? 0) / CREDIT_HOLD));
    const message = noCreditsMessage((house[covered] ?? first).model);
    throw fieldError(400, 'modelId', message, message);
  }
  return answers.map((answer) => ({ ...answer, holdId: answer.model.isHouseModel ? (holds.shift() ?? null) : null }));
}

/**
 * Settles an answer's hold: `credits` (what its usage costs) are charged less the credits held, the
 * balance never going below 0; null (a failed answer, or one not stored, costs nothing) gives the hold
 * back. One statement deletes the hold row and changes the balance: a hold recovery gave back already
 * counts as none, so it is never given back twice. Later charges of the same answer (its follow-up
 * questions) are charged in full.
 */
export async function settleCredits(db: Db, charge: Charge, credits: number | null): Promise<void> {
  const cost = credits ?? 0;
  if (charge.holdId === null) {
    if (cost) await changeBalance(db, charge.userId, -cost);
    return;
  }
  const released = db
    .$with('released')
    .as(db.delete(creditHolds).where(eq(creditHolds.id, charge.holdId)).returning({ credits: creditHolds.credits }));
  await db
    .with(released)
    .update(userAiSettings)
    .set({
      credits: sql`greatest(${userAiSettings.credits} + coalesce((select ${released.credits} from ${released}), 0) - ${cost}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(userAiSettings.userId, charge.userId));
  charge.holdId = null;
}

/** Adds `change` to the user's balance, never below 0. */
async function changeBalance(db: Db, userId: number, change: number) {
  await db
    .update(userAiSettings)
    .set({ credits: sql`greatest(${userAiSettings.credits} + ${change}, 0)`, updatedAt: sql`now()` })
    .where(eq(userAiSettings.userId, userId));
}

/**
 * Gives back every hold whose lease expired (its answer's copy stopped renewing it: crashed, or it
 * could not settle) and returns how many. Each row is deleted once, in the transaction that gives it
 * back: of several copies sweeping one database only one gets it, and rows another transaction has
 * locked (a copy sweeping or settling them) are skipped rather than waited for.
 */
export async function returnExpiredHolds(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = tx
      .select({ id: creditHolds.id })
      .from(creditHolds)
      .where(lt(creditHolds.expiresAt, sql`now()`))
      .for('update', { skipLocked: true });
    const expired = await tx
      .delete(creditHolds)
      .where(inArray(creditHolds.id, lapsed))
      .returning({ userId: creditHolds.userId, credits: creditHolds.credits });
    const perUser = new Map<number, number>();
    for (const { userId, credits } of expired) perUser.set(userId, (perUser.get(userId) ?? 0) + credits);
    // In user order, so that copies giving back holds of the same users never wait for each other in a cycle.
    for (const [userId, credits] of [...perUser].sort(([a], [b]) => a - b)) await changeBalance(tx, userId, credits);
    return expired.length;
  });
}

/** Renews the charge's hold while its answer runs (as the answer's lease is); `stop()` before settling. */
export function keepHeld(charge: Charge) {
  if (charge.team) return keepAllowanceHeld(charge.db, charge.team, charge.seconds);
  const { holdId } = charge;
  if (holdId === null) return { stop: async () => {} };
  return renewEvery(charge.seconds, `credit hold ${holdId}`, async () => {
    // A hold recovery gave back is not taken again: settling then charges the answer in full.
    await charge.db
      .update(creditHolds)
      .set({ expiresAt: fromNow(charge.seconds) })
      .where(eq(creditHolds.id, holdId));
  });
}

/**
 * Gives back the holds of answers never started (storing the question failed); a failure is logged, recovery gives them
 * back later.
 */
export async function returnUnused(charges: Charge[]) {
  for (const charge of charges)
    await (charge.team
      ? settleAllowance(charge.db, charge.userId, charge.team, null)
      : settleCredits(charge.db, charge, null)
    ).catch((error: unknown) =>
      console.error(`[trove] giving back credit hold ${charge.holdId} of user ${charge.userId} failed:`, error),
    );
}

/** The credits the user's running answers hold (still theirs until settled). */
export async function heldCredits(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ credits: sum(creditHolds.credits).mapWith(Number) })
    .from(creditHolds)
    .where(eq(creditHolds.userId, userId));
  return row?.credits ?? 0;
}
