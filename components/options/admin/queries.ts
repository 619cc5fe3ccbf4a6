import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApi } from '@/lib/operator/admin-api';

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  invitations: ['admin', 'invitations'] as const,
  registration: ['admin', 'registration'] as const,
};

export const adminUsersQuery = (api: AdminApi) => queryOptions({ queryKey: adminKeys.users, queryFn: api.users });
export const invitationsQuery = (api: AdminApi) =>
  queryOptions({ queryKey: adminKeys.invitations, queryFn: api.invitations });
export const registrationModeQuery = (api: AdminApi) =>
  queryOptions({ queryKey: adminKeys.registration, queryFn: api.registration });

export const useAdminUsers = (api: AdminApi) => useQuery(adminUsersQuery(api));
export const useInvitations = (api: AdminApi) => useQuery(invitationsQuery(api));
export const useRegistrationMode = (api: AdminApi) => useQuery(registrationModeQuery(api));

/** A change on the admin page, refreshing its lists when done. */
export function useAdminChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
