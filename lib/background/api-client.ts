import ky, { type Options } from 'ky';
import type { z } from 'zod';
import { CallError, notUnderstoodError, offlineError, signedOutError } from '../api/call-error';
import { type ApiRequest, apiClient, type Transport } from '../api/client';
import { authResponseSchema } from '../api/contract';
import { errorFromResponse } from '../api/read-error';
import type { HttpMethod } from '../api/route';
import { accessTokenItem, clearCredentials, refreshTokenItem, serverUrlItem, userItem } from './stores';

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

async function send(serverUrl: string, request: ApiRequest, token: string | null) {
  const init: Options = {
    method: request.method,
    prefix: `${serverUrl}/`,
    timeout: TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    body: request.body,
    signal: request.signal,
    headers: { ...request.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  };
  try {
    return await ky(request.target, init);
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
    const response = await send(
      serverUrl,
      {
        method: 'post',
        target: 'api/auth/refresh',
        auth: 'none',
        body: JSON.stringify({ refreshToken }),
        headers: { 'Content-Type': 'application/json' },
      },
      null,
    );
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
 * The background's transport (lib/api/client.ts): the stored access token, refreshed once and the call repeated when
 * it expired; when the refresh fails the user is signed out cleanly. A 401 signs out only the sign-in whose token it
 * refused, never one made while the call was on its way. Routes without sign-in send no token and never refresh.
 */
export const backgroundTransport: Transport = async (request) => {
  const [serverUrl, refreshToken, accessToken, user] = await Promise.all([
    serverUrlItem.getValue(),
    refreshTokenItem.getValue(),
    accessTokenItem.getValue(),
    userItem.getValue(),
  ]);
  let token: string | null = null;
  if (request.auth !== 'none') {
    if (!refreshToken) throw new CallError(signedOutError('Please sign in to Trove.'));
    token = accessToken ?? (await refreshAccessToken(serverUrl));
  }
  let response = await send(serverUrl, request, token);
  if (response.status === 401 && token) {
    token = await tokenAfterRefusal(serverUrl, token, user?.id);
    response = await send(serverUrl, request, token);
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.kind === 'signed-out' && token) {
      if ((await accessTokenItem.getValue()) !== token) throw new CallError(signInChangedError());
      await clearCredentials();
    }
    throw new CallError(error);
  }
  return response;
};

/** The background's client: `api.call(route, { params, query, body })` for every route of the contract. */
export const api = apiClient(backgroundTransport);

/**
 * Calls a path by hand (the tests reach routes this way) through the same transport and
 * parses the answer with `schema`. `path` is under /api/, without its leading slash.
 */
export async function callApi<T extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: T,
  options: CallOptions = {},
): Promise<z.output<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const query = new URLSearchParams(
    Object.entries(options.searchParams ?? {}).map(([name, value]) => [name, String(value)]),
  ).toString();
  const response = await backgroundTransport({
    method,
    target: `api/${path}${query ? `?${query}` : ''}`,
    auth: options.anonymous ? 'none' : 'user',
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    headers,
  });
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new CallError(notUnderstoodError(response.status));
  return parsed.data;
}
