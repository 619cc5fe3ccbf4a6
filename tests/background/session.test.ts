import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { userSchema } from '../../lib/api/contract';
import { createGem, listCollections } from '../../lib/background/library';
import { getSession, setServerUrl, signIn, signOut, signUp } from '../../lib/background/session';
import { DEFAULT_SERVER_URL } from '../../lib/background/stores';
import { expectError, PASSWORD, setupTestServer, startTestServer } from '../server/harness';
import { failure, newAccount, stored } from './helpers';

/** The background's session (lib/background/session.ts) against the real server; storage is fakeBrowser's. */

const t = setupTestServer();

beforeEach(() => {
  fakeBrowser.reset();
});

const refreshDirectly = (server: { api: typeof t.api }, refreshToken: string) =>
  server.api('/api/auth/refresh', { body: { refreshToken } });
const OFFLINE = (url: string) =>
  `Can't reach the Trove server at ${url}. Check that it is running and the address is right.`;

describe('signUp and signIn', () => {
  it('sign-up keeps the refresh token and user in local storage and the access token in session storage', async () => {
    expect(await getSession()).toEqual({ serverUrl: DEFAULT_SERVER_URL, user: null });
    expect(await setServerUrl(t.url)).toEqual({ serverUrl: t.url, user: null });
    const account = newAccount();

    const session = await signUp(account);

    const kept = await stored();
    const me = await t.api('/api/users/me', { token: kept.accessToken ?? undefined });
    expect(me.status).toBe(200);
    const user = userSchema.parse(me.body);
    expect(user).toMatchObject({ username: account.username, email: account.email });
    expect(session).toEqual({ serverUrl: t.url, user });
    expect(kept.user).toEqual(user);
    expect(kept.serverUrl).toBe(t.url);
    expect(kept.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await fakeBrowser.storage.local.get('accessToken')).toEqual({});
    expect(await fakeBrowser.storage.session.get('refreshToken')).toEqual({});
    // the stored refresh token is the live one on the server
    expect((await refreshDirectly(t, kept.refreshToken ?? '')).status).toBe(200);
  });

  it('signs in by email or username; a wrong password is an invalid error and stores nothing', async () => {
    const existing = await t.signUp('bgin');
    await setServerUrl(t.url);
    expect(await signIn({ identifier: existing.user.email, password: PASSWORD })).toEqual({
      serverUrl: t.url,
      user: existing.user,
    });
    expect((await stored()).user).toEqual(existing.user);

    fakeBrowser.reset();
    await setServerUrl(t.url);
    expect(await signIn({ identifier: existing.user.username.toUpperCase(), password: PASSWORD })).toEqual({
      serverUrl: t.url,
      user: existing.user,
    });

    fakeBrowser.reset();
    await setServerUrl(t.url);
    expect(await failure(signIn({ identifier: existing.user.username, password: 'not-the-password' }))).toEqual({
      kind: 'invalid',
      status: 400,
      message: 'Invalid identifier or password',
    });
    expect(await stored()).toEqual({
      serverUrl: t.url,
      refreshToken: undefined,
      user: undefined,
      accessToken: undefined,
    });
  });

  it('a taken username is an invalid error naming both fields (the server does not say which is taken)', async () => {
    await setServerUrl(t.url);
    const account = newAccount('taken');
    await signUp(account);
    fakeBrowser.reset();
    await setServerUrl(t.url);
    expect(await failure(signUp({ ...account, email: `other-${account.email}` }))).toEqual({
      kind: 'invalid',
      status: 400,
      message: 'Username or email is already taken',
      fields: [
        { path: 'username', message: 'Username or email is already taken' },
        { path: 'email', message: 'Username or email is already taken' },
      ],
    });
    expect((await stored()).refreshToken).toBeUndefined();
  });
});

describe('signOut', () => {
  it('revokes the refresh token on the server and forgets the session', async () => {
    await setServerUrl(t.url);
    await signUp(newAccount('out'));
    const before = await stored();

    expect(await signOut()).toEqual({ serverUrl: t.url, user: null });

    expect(await stored()).toEqual({
      serverUrl: t.url,
      refreshToken: undefined,
      user: undefined,
      accessToken: undefined,
    });
    const refresh = await refreshDirectly(t, before.refreshToken ?? '');
    expect(expectError(refresh, 401).message).toBe('Refresh token has been revoked');
    // signed out, the background does not call the server with nothing
    expect(await failure(listCollections())).toEqual({
      kind: 'signed-out',
      status: 401,
      message: 'Please sign in to Trove.',
    });
  });
});

describe('setServerUrl', () => {
  it('the same server, spelt with a trailing slash, keeps the session; a bad URL is refused and changes nothing', async () => {
    await setServerUrl(t.url);
    const { user } = await signUp(newAccount('same'));
    const before = await stored();
    expect(await setServerUrl(`  ${t.url}/  `)).toEqual({ serverUrl: t.url, user });
    expect(await stored()).toEqual(before);
    await expect(setServerUrl('ftp://example.com')).rejects.toThrow('Server URL must start with http:// or https://');
    await expect(setServerUrl('not a url')).rejects.toThrow(
      'Server URL must be a full address such as http://127.0.0.1:8787',
    );
    expect(await stored()).toEqual(before);
    expect((await listCollections()).map((c) => c.name)).toEqual(['Unfiltered']);
  });

  it('another server signs out (revoking the sign-in on the old one) and later calls go to the new one', async () => {
    await setServerUrl(t.url);
    await signUp(newAccount('move'));
    const before = await stored();
    const other = await startTestServer();
    try {
      expect(await setServerUrl(other.url)).toEqual({ serverUrl: other.url, user: null });
      expect(await stored()).toEqual({
        serverUrl: other.url,
        refreshToken: undefined,
        user: undefined,
        accessToken: undefined,
      });
      expect(expectError(await refreshDirectly(t, before.refreshToken ?? ''), 401).message).toBe(
        'Refresh token has been revoked',
      );
      expect(await failure(listCollections())).toMatchObject({ kind: 'signed-out' });

      const { user } = await signUp(newAccount('moved'));
      const mine = await listCollections();
      expect(mine.map((c) => c.id)).toEqual([user?.unfiltered_collection_id]);
      // that account exists on the new server only
      expect(
        expectError(await t.api('/api/auth/local', { body: { identifier: user?.username, password: PASSWORD } }), 400)
          .message,
      ).toBe('Invalid identifier or password');
    } finally {
      await other.close();
    }
  });
});

describe('a server that is down', () => {
  it('makes calls fail as offline with the message and keeps the session for when it is back', async () => {
    const server = await startTestServer();
    let back: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      await setServerUrl(server.url);
      await signUp(newAccount('down'));
      const before = await stored();
      await server.server.stop();

      const offline = { kind: 'offline', status: 0, message: OFFLINE(server.url) };
      expect(await failure(listCollections())).toEqual(offline);
      expect(
        await failure(
          createGem({ idempotencyKey: 'offline-save-1', gem: { title: 'Later', url: 'https://example.com/' } }),
        ),
      ).toEqual(offline);
      expect(await failure(signIn({ identifier: 'someone', password: PASSWORD }))).toEqual(offline);
      expect(await stored()).toEqual(before);

      // the same server comes back on the same address and data: the kept session works as it was
      back = await startTestServer({ dataDir: server.config.dataDir, port: server.server.port });
      expect(back.url).toBe(server.url);
      expect((await listCollections()).map((c) => c.name)).toEqual(['Unfiltered']);
      expect((await stored()).refreshToken).toBe(before.refreshToken);

      // signing out while the server is unreachable still forgets the session here
      await back.server.stop();
      expect(await signOut()).toEqual({ serverUrl: server.url, user: null });
      expect(await stored()).toEqual({
        serverUrl: server.url,
        refreshToken: undefined,
        user: undefined,
        accessToken: undefined,
      });
    } finally {
      await back?.close();
      await server.close();
    }
  });
});
