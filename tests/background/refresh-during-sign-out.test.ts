import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listCollections } from '../../lib/background/library';
import { getSession, setServerUrl, signOut, signUp } from '../../lib/background/session';
import { accessTokenItem, clearCredentials } from '../../lib/background/stores';
import { setupTestServer } from '../server/harness';
import { newAccount, stored } from './helpers';

/**
 * Sign-out and sign-in while a token refresh (lib/background/api-client.ts) is under way, against the real
 * server. The refresh's answer is held back on its way to the background, as a slow network does.
 */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Holds the answers of `POST /api/auth/refresh` until `release()`. `issued` has the refresh tokens those
 * answers carry, `revoked` the ones sign-out sent to `POST /api/auth/logout`.
 */
function holdRefreshAnswers() {
  const realFetch = globalThis.fetch;
  const issued: string[] = [];
  const revoked: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tokenIn = async (body: Request | Response) =>
    ((await body.clone().json()) as { refreshToken: string }).refreshToken;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/logout') revoked.push(await tokenIn(request));
    const response = await realFetch(request);
    if (path === '/api/auth/refresh') {
      issued.push(await tokenIn(response));
      await gate;
    }
    return response;
  });
  return { issued, revoked, release };
}

/** Starts a call that needs a refresh first (the access token is gone, as after the browser restarted). */
async function startRefresh(): Promise<{ call: Promise<unknown> }> {
  await accessTokenItem.setValue(null);
  const call = listCollections().catch((error: unknown) => error);
  await sleep(200);
  return { call };
}

describe('a token refresh under way', () => {
  it('sign-out waits for it and revokes the newest token: the user stays signed out', async () => {
    await signUp(newAccount('race'));
    const held = holdRefreshAnswers();
    const { call } = await startRefresh();

    const signingOut = signOut();
    await sleep(100);
    held.release();
    expect((await signingOut).user).toBeNull();
    await call;

    expect((await getSession()).user).toBeNull();
    expect(await stored()).toMatchObject({ refreshToken: undefined, user: undefined });
    vi.restoreAllMocks();
    expect(held.issued).toHaveLength(1);
    expect(held.revoked).toEqual(held.issued);
    expect((await t.api('/api/auth/refresh', { body: { refreshToken: held.issued[0] } })).status).toBe(401);
  });

  it('its answer does not sign back in a session forgotten meanwhile (another call learnt it had ended)', async () => {
    await signUp(newAccount('ended'));
    const held = holdRefreshAnswers();
    const { call } = await startRefresh();

    await clearCredentials();
    held.release();
    await call;

    expect((await getSession()).user).toBeNull();
    expect(await stored()).toMatchObject({ refreshToken: undefined, user: undefined, accessToken: undefined });
  });

  it('its answer does not replace a sign-in made meanwhile', async () => {
    await signUp(newAccount('first'));
    const held = holdRefreshAnswers();
    const { call } = await startRefresh();

    const { user } = await signUp(newAccount('second'));
    held.release();
    await call;

    expect((await getSession()).user).toEqual(user);
    expect((await stored()).refreshToken).not.toBe(held.issued[0]);
  });
});
