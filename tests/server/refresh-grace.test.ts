import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../lib/api/contract';
import { DEFAULT_REFRESH_GRACE_SECONDS } from '../../server/auth/tokens';
import { type Client, expectError, setupTestServer } from './harness';

/**
 * The refresh grace window (server/auth/tokens.ts): a spent refresh token presented again within the
 * window answers the same successor, so a retried or doubled refresh does not sign the user out; after
 * the window, reuse still revokes the whole sign-in. `t` has the default window (10 s); `short` a 2 s one,
 * waited out by sleeping past it (no time is asserted).
 */
const t = setupTestServer();
const short = setupTestServer({ refreshGraceSeconds: 2 });

const refresh = (server: Client, refreshToken: string) => server.api('/api/auth/refresh', { body: { refreshToken } });
const me = (server: Client, jwt: string) => server.api('/api/users/me', { token: jwt });

async function refreshed(server: Client, refreshToken: string) {
  const res = await refresh(server, refreshToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return authResponseSchema.parse(res.body);
}

describe('refresh grace window', () => {
  it('is 10 seconds by default', () => {
    expect(DEFAULT_REFRESH_GRACE_SECONDS).toBe(10);
  });

  it('a retry within the window gets the same new refresh token and a working jwt; the chain goes on', async () => {
    const session = await t.signUp('retry');
    const first = await refreshed(t, session.refreshToken);
    const retry = await refreshed(t, session.refreshToken); // the first answer was "lost"
    expect(retry.refreshToken).toBe(first.refreshToken);
    expect(retry.refreshToken).not.toBe(session.refreshToken);
    expect(retry.user).toEqual(session.user);
    expect((await me(t, retry.jwt)).body.id).toBe(session.user.id);

    const next = await refreshed(t, retry.refreshToken);
    expect(next.refreshToken).not.toBe(retry.refreshToken);
    expect((await me(t, next.jwt)).body.id).toBe(session.user.id);
    expect((await refreshed(t, next.refreshToken)).user.id).toBe(session.user.id);
  });

  it('simultaneous refreshes with one token all get the same new token, and the user stays signed in', async () => {
    const session = await t.signUp('double');
    const answers = await Promise.all([1, 2, 3].map(() => refresh(t, session.refreshToken)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tokens = new Set(answers.map((res) => authResponseSchema.parse(res.body).refreshToken));
    expect(tokens.size).toBe(1);
    const [token] = [...tokens];
    for (const res of answers) expect((await me(t, res.body.jwt)).body.id).toBe(session.user.id);

    const next = await refreshed(t, token ?? '');
    expect((await me(t, next.jwt)).body.id).toBe(session.user.id);
  });

  it('a retry after the successor was itself used is a reuse: 401 and the sign-in revoked', async () => {
    const session = await t.signUp('chain');
    const second = await refreshed(t, session.refreshToken);
    const third = await refreshed(t, second.refreshToken);
    expect(expectError(await refresh(t, session.refreshToken), 401).message).toMatch(/already used/);
    expect(expectError(await refresh(t, third.refreshToken), 401).message).toBe('Refresh token has been revoked');
  });

  it('reuse after the window: 401, the whole sign-in revoked, other sign-ins untouched', async () => {
    const session = await short.signUp('late');
    const otherDevice = await short.signIn(session.user.username);
    const next = await refreshed(short, session.refreshToken);
    expect((await refreshed(short, session.refreshToken)).refreshToken).toBe(next.refreshToken); // still within

    await sleep(2500);
    expect(expectError(await refresh(short, session.refreshToken), 401).message).toMatch(
      /already used; this sign-in has been revoked/,
    );
    expect(expectError(await refresh(short, next.refreshToken), 401).message).toBe('Refresh token has been revoked');
    expect((await refreshed(short, otherDevice.refreshToken)).user.id).toBe(session.user.id);
  });

  it('a revoked token gets nothing within the window (sign-out wins)', async () => {
    const session = await t.signUp('outwin');
    const next = await refreshed(t, session.refreshToken);
    expect((await t.api('/api/auth/logout', { body: { refreshToken: next.refreshToken } })).status).toBe(200);
    expectError(await refresh(t, session.refreshToken), 401);
    expectError(await refresh(t, next.refreshToken), 401);
  });
});
