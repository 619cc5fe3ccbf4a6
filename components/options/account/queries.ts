import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '@/lib/api/client';
import { accountApi } from '@/lib/api/routes/account';
import { panelTransport } from '@/lib/chat/panel-transport';
import { unwrap, useBackground } from '../../app/background-context';
import { useLentAccess } from '../../app/use-lent-access';

/** The account section's server state: its own client (a token lent by the background), keys and queries. */
export type AccountClient = ReturnType<typeof apiClient>;

export function useAccountClient(): AccountClient {
  const access = useLentAccess();
  return useMemo(() => apiClient(panelTransport(access)), [access]);
}

export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  blockedSites: ['account', 'blocked-sites'] as const,
  password: ['account', 'password'] as const,
  username: (name: string) => ['account', 'username', name] as const,
};

export const sessionsQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async () => (await client.call(accountApi.sessions)).data,
  });

/** Whether the account has a password (one made through single sign-on has none until it sets one). */
export const passwordStateQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: accountKeys.password,
    queryFn: async () => (await client.call(accountApi.passwordState)).data,
  });

export const blockedSitesQuery = (client: AccountClient) =>
  queryOptions({
    queryKey: accountKeys.blockedSites,
    queryFn: async () => (await client.call(accountApi.blockedSites)).data,
  });

export const usernameQuery = (client: AccountClient, username: string) =>
  queryOptions({
    queryKey: accountKeys.username(username),
    queryFn: async () => (await client.call(accountApi.checkUsername, { query: { username } })).data,
    staleTime: 10_000,
  });

/**
 * Adds or removes a blocked site; the answer is the new list, which the background then keeps (it hides the right-click
 * items and stops reading pages there).
 */
export function useBlockedSiteChange(client: AccountClient) {
  const queryClient = useQueryClient();
  const background = useBackground();
  return useMutation({
    mutationFn: async ({ host, block }: { host: string; block: boolean }) =>
      (await client.call(block ? accountApi.blockSite : accountApi.unblockSite, { body: { data: { host } } })).data,
    onSuccess: async (hosts) => {
      queryClient.setQueryData(accountKeys.blockedSites, hosts);
      unwrap(await background.setBlockedSites(hosts));
    },
  });
}
