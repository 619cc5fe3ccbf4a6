import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiModels, userAiSettings } from '../db/schema';
import { fieldError } from '../http/errors';
import type { AiModelRow } from './ai-models';

/**
 * Credits held for house-model answers, so that answers started together cannot spend credits the
 * user does not have: each answer's hold is taken by one conditional UPDATE before anything is stored
 * or sent, and settled when the answer ends (its cost less the hold, or the hold given back when it
 * failed). Answers orphaned by a crash get theirs back from recovery (returnHolds).
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

/** Who pays for a house model's answer, and the credits still held for it (0 once settled). */
export interface Charge {
  db: Db;
  userId: number;
  held: number;
}

/**
 * Holds CREDIT_HOLD credits for each house model's answer, all in one UPDATE: when the balance does
 * not cover them all, none is held and the request is refused as at 0 credits (400), naming the first
 * house model left uncovered. Returns each answer with the credits held for it (0 for other models).
 */
export async function holdCredits<T extends { model: AiModelRow }>(
  db: Db,
  userId: number,
  answers: T[],
): Promise<(T & { held: number })[]> {
  const house = answers.filter(({ model }) => model.isHouseModel);
  const [first] = house;
  if (!first) return answers.map((answer) => ({ ...answer, held: 0 }));
  const total = CREDIT_HOLD * house.length;
  const held = await db
    .update(userAiSettings)
    .set({ credits: sql`${userAiSettings.credits} - ${total}`, updatedAt: sql`now()` })
    .where(and(eq(userAiSettings.userId, userId), gte(userAiSettings.credits, total)))
    .returning({ credits: userAiSettings.credits });
  if (!held.length) {
    const [row] = await db
      .select({ credits: userAiSettings.credits })
      .from(userAiSettings)
      .where(eq(userAiSettings.userId, userId));
    const covered = Math.max(0, Math.floor((row?.credits ?? 0) / CREDIT_HOLD));
    const message = noCreditsMessage((house[covered] ?? first).model);
    throw fieldError(400, 'modelId', message, message);
  }
  return answers.map((answer) => ({ ...answer, held: answer.model.isHouseModel ? CREDIT_HOLD : 0 }));
}

/**
 * Settles an answer's hold: `credits` (what its usage costs) are charged less the credits held, the
 * balance never going below 0; null (a failed answer costs nothing) gives the hold back. Later charges
 * of the same answer (its follow-up questions) are charged in full.
 */
export async function settleCredits(db: Db, charge: Charge, credits: number | null): Promise<void> {
  const change = credits === null ? charge.held : charge.held - credits;
  if (change !== 0)
    await db
      .update(userAiSettings)
      .set({ credits: sql`greatest(${userAiSettings.credits} + ${change}, 0)`, updatedAt: sql`now()` })
      .where(eq(userAiSettings.userId, charge.userId));
  charge.held = 0;
}

/**
 * Gives back the holds of answers recovery marked interrupted: their server copy stopped before
 * settling, and a stored answer in error without usage costs nothing. Other models' answers hold none.
 */
export async function returnHolds(db: Db, answers: { ownerId: number; modelId: number | null }[]): Promise<void> {
  const modelIds = [...new Set(answers.flatMap(({ modelId }) => (modelId === null ? [] : [modelId])))];
  if (!modelIds.length) return;
  const house = await db
    .select({ id: aiModels.id })
    .from(aiModels)
    .where(and(inArray(aiModels.id, modelIds), eq(aiModels.isHouseModel, true)));
  const houseIds = new Set(house.map(({ id }) => id));
  const perUser = new Map<number, number>();
  for (const { ownerId, modelId } of answers)
    if (modelId !== null && houseIds.has(modelId)) perUser.set(ownerId, (perUser.get(ownerId) ?? 0) + CREDIT_HOLD);
  for (const [userId, credits] of perUser)
    await db
      .update(userAiSettings)
      .set({ credits: sql`${userAiSettings.credits} + ${credits}`, updatedAt: sql`now()` })
      .where(eq(userAiSettings.userId, userId));
}
