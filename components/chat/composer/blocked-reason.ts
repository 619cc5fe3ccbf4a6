import type { useChosenModels } from '../use-chosen-models';

/** Why the composer cannot send now (no model, or one without a key); null when it can. */
export function blockedReason(models: ReturnType<typeof useChosenModels>): string | null {
  if (models.loading) return null;
  if (!models.chosen.length) return 'No model can answer yet.';
  if (models.unusable)
    return models.unusable.inactiveReason ?? `Add a key for ${models.unusable.provider} in AI settings.`;
  return null;
}
