import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiEndpointApi } from '@/lib/api/routes/ai-endpoints';
import { aiSettingsApi } from '@/lib/api/routes/ai-settings';
import { sharingApi } from '@/lib/api/routes/sharing';
import { teamsApi } from '@/lib/api/routes/teams';
import type { AccountClient } from '../account/queries';

/** The Teams section's server state (its own client, as the Account section's: a token lent by the background). */

export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  members: (teamId: number) => ['teams', teamId, 'members'] as const,
  keys: (teamId: number) => ['teams', teamId, 'keys'] as const,
  usage: (teamId: number) => ['teams', teamId, 'usage'] as const,
  catalogue: ['teams', 'catalogue'] as const,
  myEndpoints: ['teams', 'my-endpoints'] as const,
};

/** The catalogue's active models (admins pick the ones allowed through a shared key among them). */
export const catalogueQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: teamKeys.catalogue,
    queryFn: async () => (await client.call(aiSettingsApi.models, { query: { page: 1, pageSize: 100 } })).data,
  });

/** The user's own custom endpoints (each can be shared with a team). */
export const myEndpointsQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: teamKeys.myEndpoints,
    queryFn: async () => (await client.call(aiEndpointApi.list)).data,
  });

export const teamsQuery = (client: AccountClient) =>
  queryOptions({ queryKey: teamKeys.list, queryFn: async () => (await client.call(teamsApi.list)).data });

export const membersQuery = (client: AccountClient, teamId: number) =>
  queryOptions({
    queryKey: teamKeys.members(teamId),
    queryFn: async () => (await client.call(teamsApi.members, { params: { id: teamId } })).data,
  });

export const teamKeysQuery = (client: AccountClient, teamId: number) =>
  queryOptions({
    queryKey: teamKeys.keys(teamId),
    queryFn: async () => (await client.call(teamsApi.sharedKeys, { query: { teamId } })).data,
  });

export const usageQuery = (client: AccountClient, teamId: number) =>
  queryOptions({
    queryKey: teamKeys.usage(teamId),
    queryFn: async () => (await client.call(teamsApi.usage, { params: { id: teamId }, query: {} })).data,
  });

export const useTeams = (client: AccountClient) => useQuery(teamsQuery(client));

/** A change in the Teams section, refreshing what it shows. */
export function useTeamChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Accepts or declines a team invitation: the sharing invitation routes. */
export const answerInvitation = (client: AccountClient, shareId: number, accept: boolean) =>
  client.call(accept ? sharingApi.accept : sharingApi.decline, { params: { id: shareId } });
