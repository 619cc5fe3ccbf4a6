import type { MessageUsage } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import type { AiModelRow } from '../../db/types';
import { type Charge, holdCredits, keepHeld } from '../credits/credits';
import { holdAllowances } from '../teams/allowance';
import { settleCharge } from './answer-credits';

/**
 * What a single request to a model (a prompt rewrite, pictures) costs, held before the provider is asked and settled
 * when it answers, as a chat answer's (chat-answers.ts): a house model holds a credit; a model reached through a team's
 * shared key holds the member's allowance, `count` holds for `count` pictures (so the allowance must cover them all
 * before any is drawn). A model reached with the user's own key costs nothing here.
 */
export interface RequestCharge {
  charges: Charge[];
  stop: () => Promise<void>;
}

export async function holdRequest(
  db: Db,
  userId: number,
  model: AiModelRow,
  team: { teamId: number; teamName: string } | undefined,
  seconds: number,
  count = 1,
): Promise<RequestCharge> {
  let charges: Charge[];
  if (team) {
    const held = await holdAllowances(
      db,
      userId,
      Array.from({ length: count }, () => ({ ...team, model })),
      seconds,
    );
    charges = held.map((charge) => ({ db, userId, holdId: null, seconds, team: charge }));
  } else {
    const [hold] = await holdCredits(db, userId, [{ model }], seconds);
    charges = hold?.holdId ? [{ db, userId, holdId: hold.holdId, seconds }] : [];
  }
  const renewals = charges.map((charge) => keepHeld(charge));
  return { charges, stop: async () => void (await Promise.all(renewals.map((renewal) => renewal.stop()))) };
}

/**
 * Ends the holds: the first is charged `usage` (null: the request failed and costs nothing), the others are given
 * back, so a request is charged once, for what the provider says it used.
 */
export async function settleRequest(db: Db, held: RequestCharge, usage: MessageUsage | null) {
  await held.stop();
  for (const [index, charge] of held.charges.entries()) await settleCharge(db, charge, index === 0 ? usage : null);
}
