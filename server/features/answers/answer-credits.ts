import { estimateTokens } from '../../../lib/api/context-budget';
import type { MessageUsage } from '../../../lib/api/contract';
import { type Charge, settleCredits } from '../credits/credits';
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
export async function spendApart(charge: Charge, usage: MessageUsage | null) {
  try {
    await settleCredits(charge.db, charge, usage && creditsFor(usage));
  } catch (error) {
    console.error(`[trove] spending credits of user ${charge.userId} failed:`, error);
  }
}
