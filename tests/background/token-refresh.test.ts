import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { userSchema } from '../../lib/api/contract';
import { createGem, listCollections, listTags } from '../../lib/background/library';
import { getSession, setServerUrl, signUp } from '../../lib/background/session';
import { accessTokenItem } from '../../lib/background/stores';
import { expectError, setupTestServer } from '../server/harness';
import { failure, newAccount, recordRequests, stored, waitUntilExpired } from './helpers';

/**
 * callApi (lib/background/api-client.ts) against the real server with short-lived access tokens.
 * The TTL is 2 s, not 1: `exp` is in whole seconds, so a 1 s token lives anywhere between 0 and 1 s
 * and one refreshed just before a second boundary could expire before its retry reaches the server.
 */

// No refresh grace window: these tests present a spent refresh token right after its use and need the
// server's reuse detection to answer at once (the window is tested in tests/server/refresh-grace.test.ts).
const t = setupTestServer({ accessTokenTtlSeconds: 2, refreshGraceSeconds: 0 });
const REFRESH = 'POST /api/auth/refresh';
let recorder: ReturnType<typeof recordRequests> | undefined;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  recorder?.stop();
  recorder = undefined;
});

/** Signs up through the background and waits until its access token has expired. */
async function expiredSession(prefix: string) {
  await setServerUrl(t.url);
  const { user } = await signUp(newAccount(prefix));
  const before = await stored();
  await waitUntilExpired(before.accessToken ?? '');
  return { user, before };
}

describe('an expired access token', () => {
  it('is refreshed once, the call retried and the rotated tokens kept', async () => {
    const { user, before } = await expiredSession('expire');
    expect((await t.api('/api/users/me', { token: before.accessToken ?? undefined })).status).toBe(401);

    recorder = recordRequests();
    const collections = await listCollections();
    expect(recorder.requests()).toEqual(['GET /api/get-user-collections', REFRESH, 'GET /api/get-user-collections']);
    recorder.stop();

    expect(collections.map((c) => c.id)).toEqual([user?.unfiltered_collection_id]);
    const after = await stored();
    expect(after.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.user).toEqual(user);
    const me = await t.api('/api/users/me', { token: after.accessToken ?? undefined });
    expect(userSchema.parse(me.body)).toEqual(user);
    // the old refresh token was spent by the rotation
    expect(
      expectError(await t.api('/api/auth/refresh', { body: { refreshToken: before.refreshToken } }), 401).message,
    ).toMatch(/already used/);
  });

  it('is refreshed once for calls made at the same time', async () => {
    const { user, before } = await expiredSession('concur');

    recorder = recordRequests();
    const [collections, tags, gem] = await Promise.all([
      listCollections(),
      listTags(),
      createGem({
        idempotencyKey: 'concurrent-save-1',
        gem: { title: 'During refresh', url: 'https://example.com/r' },
      }),
      listCollections(),
      listTags(),
    ]);
    expect(recorder.count(REFRESH)).toBe(1);
    expect(recorder.requests()).toHaveLength(11); // five calls, five retries, one refresh
    recorder.stop();

    expect(collections.map((c) => c.name)).toEqual(['Unfiltered']);
    expect(tags).toEqual([]);
    expect(gem).toMatchObject({ title: 'During refresh', collectionId: user?.unfiltered_collection_id });
    const after = await stored();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await t.api('/api/auth/refresh', { body: { refreshToken: after.refreshToken } })).status).toBe(200);
  });

  it('with no access token at all (a new browser session), calls at the same time share one refresh', async () => {
    await setServerUrl(t.url);
    await signUp(newAccount('nosess'));
    await accessTokenItem.removeValue();

    recorder = recordRequests();
    const results = await Promise.all([listCollections(), listCollections(), listTags()]);
    expect(recorder.requests().sort()).toEqual(
      [REFRESH, 'GET /api/get-user-collections', 'GET /api/get-user-collections', 'GET /api/tags'].sort(),
    );
    expect(results[0]?.map((c) => c.name)).toEqual(['Unfiltered']);
    expect((await stored()).accessToken).toEqual(expect.any(String));
  });
});

describe('a refresh token the server no longer accepts', () => {
  const signedOut = { kind: 'signed-out', status: 401, message: 'Your session has ended. Please sign in again.' };
  const nothingKept = (serverUrl: string) => ({
    serverUrl,
    refreshToken: undefined,
    user: undefined,
    accessToken: undefined,
  });

  it('signed out elsewhere (logout with that token): the call fails as signed-out and the session is forgotten', async () => {
    const { before } = await expiredSession('revoked');
    const logout = await fetch(`${t.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: before.refreshToken }),
    });
    expect(logout.status).toBe(200);

    recorder = recordRequests();
    expect(await failure(listCollections())).toEqual(signedOut);
    expect(recorder.requests()).toEqual(['GET /api/get-user-collections', REFRESH]);
    recorder.stop();

    expect(await stored()).toEqual(nothingKept(t.url));
    expect(await getSession()).toEqual({ serverUrl: t.url, user: null });
    // and later calls stop at the client
    expect(await failure(listTags())).toEqual({ kind: 'signed-out', status: 401, message: 'Please sign in to Trove.' });
  });

  it('used by someone else first (reuse detection): the call fails as signed-out and the session is forgotten', async () => {
    const { before } = await expiredSession('reuse');
    // a copy of the token is spent elsewhere, so the background's own refresh is a reuse
    expect((await t.api('/api/auth/refresh', { body: { refreshToken: before.refreshToken } })).status).toBe(200);

    expect(
      await failure(
        createGem({ idempotencyKey: 'after-reuse-1', gem: { title: 'Lost?', url: 'https://example.com/' } }),
      ),
    ).toEqual(signedOut);
    expect(await stored()).toEqual(nothingKept(t.url));
  });
});
