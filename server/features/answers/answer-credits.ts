import { estimateTokens } from '../../../lib/api/context-budget';
import type { MessageUsage } from '../../../lib/api/contract';
import { type Charge, settleCredits } from '../credits/credits';
import { settleAllowance } from '../teams/allowance';
import type { GenerationEnd } from './generations';

/**
 * House-model credits an answer costs: 1 credit per 1,000 tokens (input + output), rounded up,
 * at least 1. Spent when a house model's answer ends done or stopped (with the provider's usage, or
 * when stopped before it came, the streamed text's estimated tokens), and its follow-up questions by their own usage; a
 * failed answer costs nothing. The balance never goes below 0; at 0 house models are Inactive.
 */
export const creditsFor = (usage: MessageUsage) => Math.max(1, Math.ceil((usage.input + usage.output) / 1000));

/**
 * The usage an answer is paid for: the provider's; a stopped answer without it, an estimate of the text streamed so far
 * (its input is not counted); a failed answer, none.
 */
export const spentUsage = (end: GenerationEnd, text: string): MessageUsage | null =>
  end.type === 'done'
    ? (end.usage ?? (end.status === 'stopped' ? { input: 0, output: estimateTokens(text) } : null))
    : null;

/**
 * settleCredits outside the answer's transaction (a temporary answer, one not stored, the follow-ups): a failure is
 * logged, not thrown (recovery gives an unsettled hold back).
 */
/** Settles an answer's charge: credits for a house model, the member's team allowance for a team's shared key. */
export const settleCharge = (db: Charge['db'], charge: Charge, usage: MessageUsage | null) =>
  charge.team
    ? settleAllowance(db, charge.userId, charge.team, usage)
    : settleCredits(db, charge, usage && creditsFor(usage));

export async function spendApart(charge: Charge, usage: MessageUsage | null) {
  try {
    await settleCharge(charge.db, charge, usage);
  } catch (error) {
    console.error(`[trove] spending credits of user ${charge.userId} failed:`, error);
  }
}
