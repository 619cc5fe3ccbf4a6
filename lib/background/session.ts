import type { AuthResponse } from '../api/contract';
import { authApi } from '../api/routes/auth';
import { oidcApi } from '../api/routes/oidc';
import { userApi } from '../api/routes/users';
import type { Session } from '../messaging/protocol';
import { api, refreshSettled } from './api-client';
import { refreshBlockedSites } from './blocked-sites';
import { singleSignOn } from './oidc';
import { normaliseServerUrl } from './server-url';
import { accessTokenItem, clearCredentials, refreshTokenItem, serverUrlItem, userItem } from './stores';

export async function getSession(): Promise<Session> {
  const [serverUrl, user] = await Promise.all([serverUrlItem.getValue(), userItem.getValue()]);
  return { serverUrl, user };
}

/** Changing server signs out: tokens of one server mean nothing to another. */
export async function setServerUrl(input: string): Promise<Session> {
  const serverUrl = normaliseServerUrl(input);
  if (serverUrl !== (await serverUrlItem.getValue())) {
    await signOut();
    await serverUrlItem.setValue(serverUrl);
  }
  return getSession();
}

async function startSession(session: AuthResponse): Promise<Session> {
  await Promise.all([
    accessTokenItem.setValue(session.jwt),
    refreshTokenItem.setValue(session.refreshToken),
    userItem.setValue(session.user),
  ]);
  await refreshBlockedSites().catch(() => {});
  return getSession();
}

/** The signed-in user as the server has them now (after a profile change). */
export async function reloadUser(): Promise<Session> {
  if (await userItem.getValue()) await userItem.setValue(await api.call(userApi.me, { query: {} }));
  return getSession();
}

export const signUp = async (input: { username: string; email: string; password: string; invitation?: string }) =>
  startSession(await api.call(authApi.register, { body: input }));

export const signIn = async (input: { identifier: string; password: string }) =>
  startSession(await api.call(authApi.signIn, { body: input }));

/** Single sign-on: the code the provider's window hands back is exchanged here, so the tokens stay in the background. */
export async function signInWithOidc(): Promise<Session> {
  const { code, verifier } = await singleSignOn((await serverUrlItem.getValue()) ?? '');
  return startSession(await api.call(oidcApi.exchange, { body: { code, verifier } }));
}

/**
 * Revokes the sign-in on the server when it can be reached; forgets the tokens either way. A token refresh
 * under way is waited for, so the token revoked is the newest one, not the one it has just spent.
 */
export async function signOut(): Promise<Session> {
  await refreshSettled();
  const refreshToken = await refreshTokenItem.getValue();
  await clearCredentials();
  if (refreshToken) {
    await api.call(authApi.signOut, { body: { refreshToken } }).catch(() => {});
  }
  return getSession();
}
