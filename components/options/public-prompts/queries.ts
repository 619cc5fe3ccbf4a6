import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnonymousUse, AnonymousUseInput } from '@/lib/api/public-prompt-contract';
import { aiSettingsApi } from '@/lib/api/routes/ai-settings';
import { anonymousUseApi } from '@/lib/api/routes/public-prompts';
import type { AccountClient } from '../account/queries';

/** The public prompt page's owner settings: keys, queries and changes (through the options page's lent-token client). */
export const anonymousUseKeys = {
  settings: ['anonymous-use'] as const,
  models: ['anonymous-use', 'models'] as const,
};

export const anonymousUseQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: anonymousUseKeys.settings,
    queryFn: async () => (await client.call(anonymousUseApi.get)).data,
  });

/** The text models the owner can use now: the only ones visitors may be offered. */
export const usableTextModelsQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: anonymousUseKeys.models,
    queryFn: async () =>
      (await client.call(aiSettingsApi.userModels)).data.filter((m) => m.type === 'Text' && m.inactiveReason === null),
  });

type Change = { enabled: boolean } | { input: AnonymousUseInput };

/** Turns anonymous use on or off, or saves the models and limits; the answer is the settings as saved. */
export function useAnonymousUseChange(client: AccountClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<AnonymousUse> => {
      if ('enabled' in change)
        return (await client.call(change.enabled ? anonymousUseApi.enable : anonymousUseApi.disable)).data;
      return (await client.call(anonymousUseApi.update, { body: { data: change.input } })).data;
    },
    onSuccess: (settings) => queryClient.setQueryData(anonymousUseKeys.settings, settings),
  });
}
