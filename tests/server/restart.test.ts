import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { authResponseSchema, dataOf, gemSummarySchema, userSchema } from '../../lib/api/contract';
import type { ServerConfig } from '../../server/config';
import {
  backend,
  createPostgresDatabase,
  expectError,
  freshDataDir,
  gemBody,
  makeDataDir,
  type OwnDatabase,
  removeDataDir,
  type Session,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * Successive servers on one store. On PGlite the store is a copy of the migrated template folder (a new folder's
 * initdb, seconds of CPU, is first-start.test.ts's, and every run's template build's); on PostgreSQL it is an empty
 * database of this file's own (the first start runs the migrations; the data folder then holds only uploads). A
 * restart is stopping the server and starting another on it.
 */
let dataDir: string | undefined;
const store = backend === 'pglite' ? 'data folder' : 'database';
let database: OwnDatabase | undefined;
let server: TestServer | undefined;
let session: Session;
let gemId: number;

async function restart(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  await server?.close();
  dataDir ??= backend === 'pglite' ? await freshDataDir() : makeDataDir();
  if (backend === 'postgres') database ??= await createPostgresDatabase({ empty: true });
  server = await startTestServer({ dataDir, databaseUrl: database?.url, ...overrides });
  return server;
}

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) removeDataDir(dataDir);
});

describe(`a restarted server on the same ${store}`, () => {
  it('keeps users, collections, tags and gems', async () => {
    const first = await restart();
    session = await first.signUp('persist');
    const collection = (await first.api('/api/collections', { token: session.jwt, body: { data: { name: 'Kept' } } }))
      .body.data;
    const saved = await first.api('/api/gems', {
      token: session.jwt,
      body: gemBody({
        title: 'Survivor',
        url: 'https://example.com/kept?b=1&a=2',
        collectionId: collection.id,
        tags: ['durable'],
      }),
      headers: { 'Idempotency-Key': 'restart-key-1' },
    });
    expect(saved.status).toBe(201);
    const gem = dataOf(gemSummarySchema).parse(saved.body).data;
    gemId = gem.id;

    await first.server.stop();
    expect(
      await fetch(`${first.url}/api/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');

    const second = await restart();
    const signedIn = await second.signIn(session.user.username.toUpperCase());
    expect(signedIn.user).toEqual(session.user);

    const got = await second.api(`/api/gems/${gem.id}`, { token: signedIn.jwt });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data: { ...gem, text: null } });
    const atUrl = await second.api(`/api/gems-at-url?url=${encodeURIComponent('https://example.com/kept?a=2&b=1')}`, {
      token: signedIn.jwt,
    });
    expect(atUrl.body.data.map((g: { id: number }) => g.id)).toEqual([gem.id]);
    const kept = await second.api(`/api/collections/${collection.id}`, { token: signedIn.jwt });
    expect(kept.body.data).toMatchObject({ name: 'Kept', gems_count: 1 });
    expect(
      (await second.api('/api/tags', { token: signedIn.jwt })).body.data.map((x: { tag: string }) => x.tag),
    ).toEqual(['durable']);

    // the idempotency record survives too: a retry after the restart does not save twice
    const retry = await second.api('/api/gems', {
      token: signedIn.jwt,
      body: gemBody({ title: 'Survivor' }),
      headers: { 'Idempotency-Key': 'restart-key-1' },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(gem.id);
    expect((await second.api('/api/get-all-bookmark', { token: signedIn.jwt })).body.total).toBe(1);
  }, 90_000); // two server starts on a busy machine

  it('accepts the old jwt and refresh token when the secret is the same', async () => {
    const current = await restart();
    const me = await current.api('/api/users/me', { token: session.jwt });
    expect(me.status).toBe(200);
    expect(userSchema.parse(me.body)).toEqual(session.user);
    expect((await current.api(`/api/gems/${gemId}`, { token: session.jwt })).body.data.title).toBe('Survivor');

    const refreshed = await current.api('/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    session = { ...session, ...authResponseSchema.parse(refreshed.body) };
  });

  it('rejects jwts signed with a previous secret; refresh tokens (stored) still work', async () => {
    const current = await restart({ secret: 'z'.repeat(48) });
    expectError(await current.api('/api/users/me', { token: session.jwt }), 401, 'UnauthorizedError');
    const refreshed = await current.api('/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    const next = authResponseSchema.parse(refreshed.body);
    expect((await current.api(`/api/gems/${gemId}`, { token: next.jwt })).status).toBe(200);
  });
});

describe('token lifetimes', () => {
  it('access and refresh tokens stop working when they expire', async () => {
    const current = await restart({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 2 });
    const fresh = await current.signIn(session.user.email);
    expect((await current.api('/api/users/me', { token: fresh.jwt })).status).toBe(200);
    const stale = await current.signIn(session.user.username);

    await sleep(2100);
    const expired = expectError(await current.api('/api/users/me', { token: fresh.jwt }), 401, 'UnauthorizedError');
    expect(expired.message).toBe('Access token is invalid or expired');
    const refresh = await current.api('/api/auth/refresh', { body: { refreshToken: stale.refreshToken } });
    expect(expectError(refresh, 401).message).toBe('Refresh token has expired');
    // signing in again still works
    const again = await current.signIn(session.user.username);
    expect((await current.api('/api/users/me', { token: again.jwt })).status).toBe(200);
  });
});
