import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmbeddingStatus, SetEmbeddingModelInput } from '@/lib/api/embeddings-contract';
import { aiEndpointApi } from '@/lib/api/routes/ai-endpoints';
import { aiSettingsApi } from '@/lib/api/routes/ai-settings';
import { embeddingsApi } from '@/lib/api/routes/embeddings';
import type { AccountClient } from '../account/queries';

/** Search by meaning's server state: keys, queries and changes (through the options page's lent-token client). */
export const embeddingKeys = {
  all: ['embeddings'] as const,
  status: ['embeddings', 'status'] as const,
  sources: ['embeddings', 'sources'] as const,
};

/** How far the library is embedded; asked again every 2 s while the background job is at work. */
export const embeddingStatusQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: embeddingKeys.status,
    queryFn: async () => (await client.call(embeddingsApi.vectors, { query: {} })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.job?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });

/** What an embedding model can be reached through: the providers' settings (keys, addresses) and the user's endpoints. */
export const embeddingSourcesQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: embeddingKeys.sources,
    queryFn: async () => {
      const [settings, endpoints] = await Promise.all([
        client.call(aiSettingsApi.get),
        client.call(aiEndpointApi.list),
      ]);
      return { providers: settings.data.providers, endpoints: endpoints.data };
    },
  });

type Change = { choose: SetEmbeddingModelInput } | { remove: true } | { sync: true };

/** Chooses the model, stops meaning search, or embeds what changed; the status is then what the server says. */
export function useEmbeddingChange(client: AccountClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<EmbeddingStatus | null> => {
      if ('choose' in change) {
        await client.call(embeddingsApi.setModel, { body: { data: change.choose } });
        return null;
      }
      return (await client.call('remove' in change ? embeddingsApi.removeModel : embeddingsApi.sync)).data;
    },
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(embeddingKeys.status, status);
      else void queryClient.invalidateQueries({ queryKey: embeddingKeys.status });
    },
  });
}
