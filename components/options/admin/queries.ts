import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApi } from '@/lib/operator/admin-api';

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  invitations: ['admin', 'invitations'] as const,
  registration: ['admin', 'registration'] as const,
};

export const useAdminUsers = (api: AdminApi) => useQuery({ queryKey: adminKeys.users, queryFn: api.users });
export const useInvitations = (api: AdminApi) =>
  useQuery({ queryKey: adminKeys.invitations, queryFn: api.invitations });
export const useRegistrationMode = (api: AdminApi) =>
  useQuery({ queryKey: adminKeys.registration, queryFn: api.registration });

/** A change on the admin page, refreshing its lists when done. */
export function useAdminChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
