import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomEndpoint } from '@/lib/api/ai-contract';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { aiSettingsKeys } from '../../../ai-settings/queries';
import { unwrap, useBackground } from '../../../app/background-context';

/** The custom endpoints of the options page. */
export const endpointKeys = { all: ['ai-custom-endpoints'] as const };

/** The user's own endpoints with their discovered models, as the server keeps them. */
export const customEndpointsQuery = (background: BackgroundClient) =>
  queryOptions({ queryKey: endpointKeys.all, queryFn: async () => unwrap(await background.listCustomEndpoints()) });

export function useCustomEndpoints() {
  return useQuery(customEndpointsQuery(useBackground()));
}

/**
 * After an endpoint was added, refreshed or removed: the list takes the server's answer, and the models
 * (the options' list and the side panel's picker read them) are fetched again.
 */
export function useEndpointsChanged() {
  const queryClient = useQueryClient();
  return (change: { saved: CustomEndpoint } | { removedId: number }) => {
    queryClient.setQueryData<CustomEndpoint[]>(endpointKeys.all, (list = []) =>
      'saved' in change
        ? list.some((e) => e.id === change.saved.id)
          ? list.map((e) => (e.id === change.saved.id ? change.saved : e))
          : [...list, change.saved]
        : list.filter((e) => e.id !== change.removedId),
    );
    void queryClient.invalidateQueries({ queryKey: aiSettingsKeys.models });
  };
}
