import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anonymousUse } from '../../db/schema';
import { CREDIT_HOLD } from '../credits/credits';
import { spentThisMonth } from './settings';

/**
 * The owner's monthly budget for anonymous runs, held like house-model credits (server/features/credits/credits.ts):
 * a run takes CREDIT_HOLD off the budget before anything is sent, by ONE conditional UPDATE that also checks that
 * anonymous use is on, so runs started together (on any server copy) cannot pass the budget nor start after the
 * owner turned it off; the run's cost is settled when it ends. As with credits, the last run may cost more than its
 * hold and take the spend past the budget by that much, no further: the next run is refused.
 */

export type BudgetHold = 'held' | 'off' | 'spent';

const CURRENT_MONTH = sql`date_trunc('month', now())::date`;

export async function holdBudget(db: Db, ownerId: number): Promise<BudgetHold> {
  const next = sql`${spentThisMonth} + ${CREDIT_HOLD}`;
  const held = await db
    .update(anonymousUse)
    .set({ month: CURRENT_MONTH, spent: next })
    .where(and(eq(anonymousUse.userId, ownerId), eq(anonymousUse.enabled, true), lte(next, anonymousUse.monthlyBudget)))
    .returning({ userId: anonymousUse.userId });
  if (held.length) return 'held';
  const [row] = await db
    .select({ enabled: anonymousUse.enabled })
    .from(anonymousUse)
    .where(eq(anonymousUse.userId, ownerId));
  return row?.enabled ? 'spent' : 'off';
}

/** Settles a run's hold: its cost (null: it failed, nothing) replaces the credit held. */
export async function settleBudget(db: Db, ownerId: number, credits: number | null): Promise<void> {
  await db
    .update(anonymousUse)
    .set({ month: CURRENT_MONTH, spent: sql`greatest(${spentThisMonth} + ${(credits ?? 0) - CREDIT_HOLD}, 0)` })
    .where(eq(anonymousUse.userId, ownerId));
}
