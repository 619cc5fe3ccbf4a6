import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createGem, listCollections, listGems } from '../../lib/background/library';
import { getSession, setServerUrl, signOut, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { failure, newAccount, stored, waitUntilExpired } from './helpers';

/**
 * A 401 that answers a call made with a sign-in the background no longer holds (lib/background/api-client.ts):
 * the account signed out and another signed in, or a refresh replaced the tokens, while the call was on its way.
 * Against the real server with 2 s access tokens; the call's request is held back on its way, as a slow network does.
 */
const t = setupTestServer({ accessTokenTtlSeconds: 2, refreshGraceSeconds: 0 });

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Holds the `nth` request (1-based) to `path` until `release()`; `held` resolves with the access token it
 * carries once it is held. `paths` has every request's path, in order.
 */
function holdRequest(path: string, nth: number) {
  const realFetch = globalThis.fetch;
  let seen = 0;
  const paths: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onHeld: (token: string) => void = () => {};
  const held = new Promise<string>((resolve) => {
    onHeld = resolve;
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    paths.push(new URL(request.url).pathname);
    if (paths.at(-1) === path && ++seen === nth) {
      onHeld((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
      await gate;
    }
    return realFetch(request);
  });
  return { held, release, paths };
}

/** Signs the first account out and a second one in, as the user does while the call is on its way. */
async function switchAccount() {
  await signOut();
  return (await signUp(newAccount('second'))).user;
}

describe('a 401 for a sign-in the background no longer holds', () => {
  it('after the retry (its token expired on the way) does not sign out the account signed in meanwhile', async () => {
    await signUp(newAccount('first'));
    await waitUntilExpired((await stored()).accessToken ?? '');
    // the first request is refused (expired), refreshed, and the retry is held until its own token expires
    const hold = holdRequest('/api/get-user-collections', 2);
    const call = failure(listCollections());
    const retryToken = await hold.held;

    const second = await switchAccount();
    await waitUntilExpired(retryToken);
    hold.release();

    expect((await call).kind).toBe('signed-out');
    expect((await getSession()).user).toEqual(second);
    expect((await stored()).refreshToken).toEqual(expect.any(String));
    expect((await listCollections()).map((c) => c.id)).toContain(second?.unfiltered_collection_id);
  });

  it('on the first attempt is not repeated as the account signed in meanwhile: its save does not land in their library', async () => {
    await signUp(newAccount('owner'));
    const hold = holdRequest('/api/gems', 1);
    const call = failure(
      createGem({ idempotencyKey: 'stale-401-save', gem: { title: 'Not yours', url: 'https://example.com/a' } }),
    );
    const firstToken = await hold.held;

    const second = await switchAccount();
    await waitUntilExpired(firstToken);
    hold.release();

    expect((await call).kind).toBe('signed-out');
    expect((await getSession()).user).toEqual(second);
    expect((await listGems({ page: 1 })).data).toEqual([]);
  });

  it('after a refresh replaced the tokens is retried with the new token, without a second refresh', async () => {
    const { user } = await signUp(newAccount('same'));
    const before = await stored();
    await waitUntilExpired(before.accessToken ?? '');
    const hold = holdRequest('/api/get-user-collections', 1);
    const call = listCollections();
    await hold.held;
    // another call refreshes meanwhile
    await listGems({ page: 1 });
    const refreshed = await stored();
    expect(refreshed.refreshToken).not.toBe(before.refreshToken);

    hold.release();
    expect((await call).map((c) => c.id)).toContain(user?.unfiltered_collection_id);
    // the one refresh is the other call's
    expect(hold.paths.filter((p) => p === '/api/auth/refresh')).toHaveLength(1);
    expect(await stored()).toEqual(refreshed);
  });
});
