import { z } from 'zod';
import { idSchema } from './integers';

/**
 * The public prompt page's owner side (server/features/public-prompts/): whether visitors who are not signed in may
 * run the owner's public prompts, with which models, how often and for how many credits a month. Plain zod: the
 * extension bundles it.
 */

export const EMPTY_GENERATE_TEXT = 'Please enter text to generate';
export const DAILY_LIMIT_MAX = 10_000;
export const MONTHLY_BUDGET_MAX = 1_000_000;
export const ANONYMOUS_MODELS_MAX = 50;

export const publicPromptLinkSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Its page: `{server}/prompts/{username}/{slug}`. */
  url: z.string(),
});

/** The spec's "anonymous view data" (is_anonymous_enabled, enabled_models) with the limits and this month's spend. */
export const anonymousUseSchema = z.object({
  isAnonymousEnabled: z.boolean(),
  /** Ids of the owner's models visitors may choose from (GET /api/user-models). */
  enabledModels: z.array(z.number()),
  /** Runs a day per visitor address, for each owner. */
  dailyLimit: z.number(),
  /** Credits a calendar month (UTC) anonymous runs may cost the owner. */
  monthlyBudget: z.number(),
  /** Credits anonymous runs spent (or hold, while running) this month. */
  spentThisMonth: z.number(),
  /** The owner's public prompts and their pages. */
  prompts: z.array(publicPromptLinkSchema),
});
export type AnonymousUse = z.infer<typeof anonymousUseSchema>;

export const anonymousUseBody = z.object({
  data: z.strictObject({
    enabledModels: z.array(idSchema).max(ANONYMOUS_MODELS_MAX, `At most ${ANONYMOUS_MODELS_MAX} models`).optional(),
    dailyLimit: z
      .number()
      .int('A whole number')
      .min(0, 'At least 0')
      .max(DAILY_LIMIT_MAX, `At most ${DAILY_LIMIT_MAX}`)
      .optional(),
    monthlyBudget: z
      .number()
      .int('A whole number')
      .min(0, 'At least 0')
      .max(MONTHLY_BUDGET_MAX, `At most ${MONTHLY_BUDGET_MAX}`)
      .optional(),
  }),
});
export type AnonymousUseInput = z.infer<typeof anonymousUseBody>['data'];
