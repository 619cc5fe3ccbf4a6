import type { AiSettings, UserModel } from '@/lib/api/ai-contract';

export interface ProviderGroup {
  provider: string;
  models: UserModel[];
  /** The reason every model of the group is Inactive, when they share one (said once for the group); else null. */
  sharedReason: string | null;
}

/** Models grouped by provider, in the providers' order (any provider the settings do not list comes last). */
function byProvider(models: UserModel[], settings: AiSettings): ProviderGroup[] {
  const order = settings.providers.map((p) => p.provider);
  const names = [...new Set([...order, ...models.map((m) => m.provider)])];
  return names
    .map((provider) => {
      const list = models.filter((m) => m.provider === provider);
      const reasons = new Set(list.map((m) => m.inactiveReason));
      const [only] = reasons;
      return { provider, models: list, sharedReason: reasons.size === 1 ? (only ?? null) : null };
    })
    .filter((group) => group.models.length);
}

/**
 * The models the user can use now (their own endpoints' and providers' with a key) first, by provider; then the
 * Inactive rest, by provider, each provider's reason said once.
 */
export function modelSections(models: UserModel[], settings: AiSettings) {
  return {
    usable: byProvider(
      models.filter((m) => m.label !== 'Inactive'),
      settings,
    ),
    inactive: byProvider(
      models.filter((m) => m.label === 'Inactive'),
      settings,
    ),
  };
}
