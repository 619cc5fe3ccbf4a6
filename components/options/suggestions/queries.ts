import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { aiSettingsApi } from '@/lib/api/routes/ai-settings';
import { suggestionApi } from '@/lib/api/routes/suggestions';
import type { UpdateSuggestionSettingsInput } from '@/lib/api/suggestions-contract';
import type { AccountClient } from '../account/queries';

/** Suggestions at save time: keys, queries and changes (through the options page's lent-token client). */
export const suggestionSettingsKeys = {
  settings: ['suggestions', 'settings'] as const,
  models: ['suggestions', 'models'] as const,
};

export const suggestionSettingsQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: suggestionSettingsKeys.settings,
    queryFn: async () => (await client.call(suggestionApi.settings)).data,
  });

/** The text models the user can use now: the only ones offered for suggestions. */
export const suggestionModelsQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: suggestionSettingsKeys.models,
    queryFn: async () =>
      (await client.call(aiSettingsApi.userModels)).data.filter((m) => m.type === 'Text' && m.inactiveReason === null),
  });

export function useSuggestionSettingsChange(client: AccountClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateSuggestionSettingsInput) =>
      (await client.call(suggestionApi.updateSettings, { body: change })).data,
    onSuccess: (settings) => queryClient.setQueryData(suggestionSettingsKeys.settings, settings),
  });
}
