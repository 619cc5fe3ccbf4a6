import { eq, sql } from 'drizzle-orm';
import type { AnonymousUse, AnonymousUseInput } from '../../../lib/api/public-prompt-contract';
import type { Db } from '../../db/client';
import { anonymousUse } from '../../db/schema';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { modelAccess } from '../ai-settings/model-access';
import { publicPromptPath, publicPromptsOf } from './public-prompt';

/** The owner's anonymous-use settings (the spec's anonymous view data): read, enabled, disabled and changed. */

export type AnonymousUseRow = typeof anonymousUse.$inferSelect;

/** This month's spend: `spent` counts only while its `month` is the current one (UTC, the database's clock). */
export const spentThisMonth = sql<number>`CASE WHEN ${anonymousUse.month} = date_trunc('month', now())::date THEN ${anonymousUse.spent} ELSE 0 END`;

/** The owner's row, made with the defaults (off) when they have none yet. */
export async function anonymousUseOf(db: Db, userId: number): Promise<AnonymousUseRow & { spentNow: number }> {
  await db.insert(anonymousUse).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ row: anonymousUse, spentNow: spentThisMonth })
    .from(anonymousUse)
    .where(eq(anonymousUse.userId, userId));
  if (!row) throw new Error('anonymous_use row missing after insert');
  return { ...row.row, spentNow: row.spentNow };
}

export async function toAnonymousUse(db: Db, userId: number, base: string, username: string): Promise<AnonymousUse> {
  const [row, prompts] = await Promise.all([anonymousUseOf(db, userId), publicPromptsOf(db, userId)]);
  return {
    isAnonymousEnabled: row.enabled,
    enabledModels: row.modelIds,
    dailyLimit: row.dailyLimit,
    monthlyBudget: row.monthlyBudget,
    spentThisMonth: row.spentNow,
    prompts: prompts.map(({ row: prompt, slug }) => ({
      id: prompt.id,
      title: prompt.title,
      url: `${base}${publicPromptPath(username, slug)}`,
    })),
  };
}

export async function setAnonymousEnabled(db: Db, userId: number, enabled: boolean) {
  await anonymousUseOf(db, userId);
  await db.update(anonymousUse).set({ enabled, updatedAt: sql`now()` }).where(eq(anonymousUse.userId, userId));
}

/** Changes what the input gives; each model must be one the owner can use now (a 400 naming it otherwise). */
export async function updateAnonymousUse(db: Db, ai: Deps['ai'], userId: number, input: AnonymousUseInput) {
  await anonymousUseOf(db, userId);
  const modelIds = input.enabledModels && [...new Set(input.enabledModels)];
  for (const [index, modelId] of (modelIds ?? []).entries()) {
    try {
      const { model } = await modelAccess(db, ai, userId, modelId);
      if (model.type !== 'Text') throw new ApiError(400, `${model.displayName} does not write text`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      throw fieldError(400, `data.enabledModels.${index}`, error.message);
    }
  }
  await db
    .update(anonymousUse)
    .set({
      modelIds,
      dailyLimit: input.dailyLimit,
      monthlyBudget: input.monthlyBudget,
      updatedAt: sql`now()`,
    })
    .where(eq(anonymousUse.userId, userId));
}
