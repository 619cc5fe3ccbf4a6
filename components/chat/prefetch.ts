import type { QueryClient } from '@tanstack/react-query';
import { lastChatModelsItem } from '@/lib/background/stores';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { aiSettingsKeys, aiSettingsQuery, userModelsQuery } from '../ai-settings/queries';
import { sessionQuery } from '../app/queries';

/**
 * Asks the background what the panel needs before React renders: the session, then (signed in) the
 * AI settings and models at once. Until they answer, the panel shows the ones it had when it was
 * last open for the same user, marked stale, so the composer is usable at once and then corrected.
 */
export function prefetchChatPanel(queryClient: QueryClient, background: BackgroundClient) {
  const last = lastChatModelsItem.getValue().catch(() => null);
  void queryClient
    .fetchQuery(sessionQuery(background))
    .then(async ({ user }) => {
      if (!user) return;
      const fresh = Promise.all([
        queryClient.fetchQuery(aiSettingsQuery(background)),
        queryClient.fetchQuery(userModelsQuery(background)),
      ]);
      const seed = await last;
      if (seed?.userId === user.id) {
        // Stale (updatedAt 0): a component mounting before the fetch above answers joins it.
        const show = <T>(key: readonly unknown[], data: T) => {
          if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, data, { updatedAt: 0 });
        };
        show(aiSettingsKeys.settings, seed.settings);
        show(aiSettingsKeys.models, seed.models);
      }
      const [settings, models] = await fresh;
      await lastChatModelsItem.setValue({ userId: user.id, settings, models });
    })
    // A failed question is the panel's to show (its queries hold the error).
    .catch(() => {});
}
