import { apiClient } from '../api/client';
import type { RegistrationMode } from '../api/operator-contract';
import { adminApi } from '../api/routes/admin';
import { type AccessSource, panelTransport } from '../chat/panel-transport';

/**
 * The admin section's calls (options page, shown to admins): like the library, the page calls the server itself with
 * a token the background lends; the server checks that its user is an admin.
 */
export function createAdminApi(access: AccessSource) {
  const client = apiClient(panelTransport(access));
  const byId = (id: number) => ({ params: { id } });
  return {
    users: async () => (await client.call(adminApi.users)).data,
    setDisabled: (id: number, disabled: boolean) =>
      client.call(disabled ? adminApi.disableUser : adminApi.enableUser, byId(id)),
    deleteUser: (id: number) => client.call(adminApi.deleteUser, byId(id)),
    setCredits: (id: number, credits: number) => client.call(adminApi.setCredits, { ...byId(id), body: { credits } }),
    resetLink: async (id: number) => (await client.call(adminApi.resetLink, byId(id))).data.link,
    invitations: async () => (await client.call(adminApi.invitations)).data,
    invite: async (email: string | undefined) =>
      (await client.call(adminApi.createInvitation, { body: email ? { email } : {} })).data,
    resend: async (id: number) => (await client.call(adminApi.resendInvitation, byId(id))).data,
    withdraw: (id: number) => client.call(adminApi.withdrawInvitation, byId(id)),
    registration: async () => (await client.call(adminApi.registration)).data.mode,
    setRegistration: async (mode: RegistrationMode) =>
      (await client.call(adminApi.setRegistration, { body: { mode } })).data.mode,
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
