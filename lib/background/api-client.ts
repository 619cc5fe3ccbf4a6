import ky, { type Options } from 'ky';
import type { z } from 'zod';
import { authResponseSchema } from '../api/contract';
import { CallError, errorFromResponse, offlineError, signedOutError } from './errors';
import { accessTokenItem, clearCredentials, refreshTokenItem, serverUrlItem, userItem } from './stores';

type Method = 'get' | 'post' | 'put' | 'delete';
interface CallOptions {
  json?: unknown;
  /** A multipart body (uploads); ky sets its content type. */
  body?: FormData;
  searchParams?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Public calls (sign-in, sign-up) send no token and never refresh. */
  anonymous?: boolean;
}

const TIMEOUT_MS = 15_000;

async function send(serverUrl: string, method: Method, path: string, options: CallOptions, token: string | null) {
  const init: Options = {
    method,
    prefix: `${serverUrl}/api/`,
    timeout: TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    json: options.json,
    body: options.body,
    searchParams: options.searchParams,
    headers: { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  };
  try {
    return await ky(path, init);
  } catch {
    // Network failure or timeout: the server could not be reached.
    throw new CallError(offlineError(serverUrl));
  }
}

let refreshing: Promise<string> | null = null;

/** Resolves when the token refresh under way, if any, is over (sign-out waits for it to revoke the newest token). */
export async function refreshSettled(): Promise<void> {
  await refreshing?.catch(() => {});
}

/**
 * Exchanges the refresh token for new tokens, once for all callers waiting at the same time. Its answer
 * is kept only if the sign-in it was sent for still holds: signed out (or in as someone else) meanwhile,
 * the answer must not sign anyone back in.
 */
function refreshAccessToken(serverUrl: string): Promise<string> {
  refreshing ??= (async () => {
    const refreshToken = await refreshTokenItem.getValue();
    if (!refreshToken) throw new CallError(signedOutError('Please sign in to Trove.'));
    const response = await send(serverUrl, 'post', 'auth/refresh', { json: { refreshToken } }, null);
    const stillSignedIn = async () => (await refreshTokenItem.getValue()) === refreshToken;
    if (response.status === 401 || response.status === 400) {
      if (await stillSignedIn()) await clearCredentials();
      throw new CallError(signedOutError());
    }
    if (!response.ok) throw new CallError(await errorFromResponse(response));
    const session = authResponseSchema.parse(await response.json());
    if (!(await stillSignedIn())) throw new CallError(signedOutError('Please sign in to Trove.'));
    await Promise.all([
      accessTokenItem.setValue(session.jwt),
      refreshTokenItem.setValue(session.refreshToken),
      userItem.setValue(session.user),
    ]);
    return session.jwt;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The server's address and an access token for a page that calls the server itself (the side panel,
 * which streams answers): the stored one, or a fresh one when `refresh` is set or none is stored.
 * The refresh token itself never leaves the background.
 */
export async function lendAccessToken(refresh = false): Promise<{ serverUrl: string; token: string }> {
  const [serverUrl, refreshToken, accessToken] = await Promise.all([
    serverUrlItem.getValue(),
    refreshTokenItem.getValue(),
    accessTokenItem.getValue(),
  ]);
  if (!refreshToken) throw new CallError(signedOutError('Please sign in to Trove.'));
  const token = !refresh && accessToken ? accessToken : await refreshAccessToken(serverUrl);
  return { serverUrl, token };
}

/**
 * A call made for one account, answered after another signed in (or everyone signed out): it is not repeated as them.
 */
const signInChangedError = () => signedOutError("Trove's sign-in changed while this was on its way. Please try again.");

/**
 * The token to repeat a call with after the server refused `used`. Only the sign-in that token belongs to
 * is refreshed; when a refresh (another call's) has already replaced it, the new token is used as it is.
 * A call is never repeated as another account, nor anyone's sign-in forgotten for it.
 */
async function tokenAfterRefusal(serverUrl: string, used: string, userId: number | undefined): Promise<string> {
  const [current, user] = await Promise.all([accessTokenItem.getValue(), userItem.getValue()]);
  if (current === used) return refreshAccessToken(serverUrl);
  if (user === null || user.id !== userId) throw new CallError(signInChangedError());
  return current ?? refreshAccessToken(serverUrl);
}

/**
 * Calls the Trove API and parses the answer with the contract's schema. An expired access token is
 * refreshed once and the call repeated; when the refresh fails the user is signed out cleanly. A 401
 * signs out only the sign-in whose token it refused, never one made while the call was on its way.
 */
export async function callApi<T extends z.ZodType>(
  method: Method,
  path: string,
  schema: T,
  options: CallOptions = {},
): Promise<z.output<T>> {
  const [serverUrl, refreshToken, accessToken, user] = await Promise.all([
    serverUrlItem.getValue(),
    refreshTokenItem.getValue(),
    accessTokenItem.getValue(),
    userItem.getValue(),
  ]);
  let token: string | null = null;
  if (!options.anonymous) {
    if (!refreshToken) throw new CallError(signedOutError('Please sign in to Trove.'));
    token = accessToken ?? (await refreshAccessToken(serverUrl));
  }
  let response = await send(serverUrl, method, path, options, token);
  if (response.status === 401 && token) {
    token = await tokenAfterRefusal(serverUrl, token, user?.id);
    response = await send(serverUrl, method, path, options, token);
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.kind === 'signed-out' && token) {
      if ((await accessTokenItem.getValue()) !== token) throw new CallError(signInChangedError());
      await clearCredentials();
    }
    throw new CallError(error);
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new CallError({
      kind: 'server',
      status: response.status,
      message: 'The server sent an answer Trove does not understand.',
    });
  }
  return parsed.data;
}
